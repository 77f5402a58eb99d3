-- A draft's autosave is no longer announced on `assessment_list_changed` (ADR 251, revised).
-- PostgreSQL commits a transaction that has sent a notification while holding one lock for the
-- whole database, so announced writes commit one at a time: fifty clients saving their own drafts
-- managed about 3,000 saves a second announced against about 7,000 not (docs/benchmarks.md), and
-- autosaves are most of the app's writes. A draft that stays a draft with the same organisation,
-- title, author and path changed only its work in progress (answers, step, notes, the time it was
-- saved); the kept first page on the other instances may then show the draft's previous save time
-- for up to 30 s (the writer's own instance forgets the page as it answers). Every other change is
-- announced as before.
CREATE OR REPLACE FUNCTION cifer_assessment_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'draft' AND NEW.status = 'draft'
    AND (OLD.organization_id, OLD.title, OLD.author_id, OLD.path) IS NOT DISTINCT FROM (NEW.organization_id, NEW.title, NEW.author_id, NEW.path) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('assessment_list_changed', OLD.organization_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('assessment_list_changed', NEW.organization_id::text);
  END IF;
  RETURN NULL;
END
$$;
