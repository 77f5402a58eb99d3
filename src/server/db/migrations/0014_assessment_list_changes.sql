-- Every change to what an organisation's list of assessments shows is announced on the
-- `assessment_list_changed` channel with the organisation's id, after it commits: rows added,
-- changed or removed (cascades and direct SQL included), and the renaming of an author. Each
-- instance's kept first page of the public API's list listens and forgets that organisation's
-- (features/assessments/first-page-cache.ts, ADR 251).
CREATE OR REPLACE FUNCTION cifer_assessment_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('assessment_list_changed', OLD.organization_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('assessment_list_changed', NEW.organization_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER assessments_list_changed AFTER INSERT OR UPDATE OR DELETE ON assessments FOR EACH ROW EXECUTE FUNCTION cifer_assessment_list_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cifer_assessment_author_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('assessment_list_changed', authored.organization_id::text)
    FROM (SELECT DISTINCT organization_id FROM assessments WHERE author_id = NEW.id) AS authored;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_author_renamed AFTER UPDATE OF first_name, last_name ON users FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION cifer_assessment_author_renamed();
