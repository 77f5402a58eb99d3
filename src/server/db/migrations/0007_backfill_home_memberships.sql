-- ADR 140: every existing user becomes the owner of their home organisation, so accounts created
-- before memberships existed keep exactly the rights they had.
INSERT INTO "memberships" ("user_id", "organization_id", "role", "created_at")
SELECT "id", "organization_id", 'owner', "created_at" FROM "users"
ON CONFLICT DO NOTHING;
