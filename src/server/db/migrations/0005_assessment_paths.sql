ALTER TABLE "assessments" ADD COLUMN "path" text DEFAULT 'commercial' NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "business_answers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "evidence_notes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "answer_provenance" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "source_assessment_id" uuid;