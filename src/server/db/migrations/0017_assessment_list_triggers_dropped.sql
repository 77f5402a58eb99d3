-- The public API's first page is no longer kept in process (ADR 298): nothing listens on
-- `assessment_list_changed` any more, so the triggers of 0014 and 0015 that announced every change
-- to an organisation's list, and their functions, go. Writes no longer notify, so they no longer
-- commit one at a time under PostgreSQL's notification lock.
DROP TRIGGER IF EXISTS assessments_list_changed ON assessments;
--> statement-breakpoint
DROP TRIGGER IF EXISTS assessments_list_changed_by_update ON assessments;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_author_renamed ON users;
--> statement-breakpoint
DROP FUNCTION IF EXISTS cifer_assessment_list_changed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS cifer_assessment_author_renamed();
