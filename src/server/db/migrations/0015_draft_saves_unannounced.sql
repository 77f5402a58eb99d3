-- A draft's autosave is no longer announced on `assessment_list_changed` (ADR 251, revised).
-- PostgreSQL commits a transaction that has sent a notification while holding one lock for the
-- whole database, so announced writes commit one at a time: fifty clients saving their own drafts
-- managed about 3,500 saves a second announced against about 10,000 not (docs/benchmarks.md), and
-- autosaves are most of the app's writes. A draft that stays a draft with the same organisation,
-- title, author and path changed only its work in progress (answers, step, notes, the time it was
-- saved); the kept first page on the other instances may then show the draft's previous save time
-- for up to 30 s (the writer's own instance forgets the page as it answers). Every other change is
-- announced as before.
-- The function of 0014 is unchanged: the trigger is split, so the condition is the update
-- trigger's WHEN, checked before the function is called.
DROP TRIGGER assessments_list_changed ON assessments;
--> statement-breakpoint
CREATE TRIGGER assessments_list_changed AFTER INSERT OR DELETE ON assessments FOR EACH ROW EXECUTE FUNCTION cifer_assessment_list_changed();
--> statement-breakpoint
CREATE TRIGGER assessments_list_changed_by_update AFTER UPDATE ON assessments FOR EACH ROW
  WHEN (NOT (OLD.status = 'draft' AND NEW.status = 'draft'
    AND (OLD.organization_id, OLD.title, OLD.author_id, OLD.path) IS NOT DISTINCT FROM (NEW.organization_id, NEW.title, NEW.author_id, NEW.path)))
  EXECUTE FUNCTION cifer_assessment_list_changed();
