ALTER TABLE "assessments" ADD COLUMN "summary" jsonb;--> statement-breakpoint
-- Results stored before this migration get their headline figures once, here.
UPDATE "assessments" SET "summary" = jsonb_build_object(
	'aleUsd', ("result"->'annualLoss'->>'expectedUsd')::float8,
	'score', ("result"->'riskScore'->>'score')::float8,
	'band', "result"->'riskScore'->>'band',
	'bandLabel', "result"->'riskScore'->>'bandLabel',
	'probabilityOfAnyEvent', ("result"->>'probabilityOfAnyEvent')::float8
) WHERE "result" IS NOT NULL;
