-- Issue 40: a resubmission keeps each acceptance whose content is unchanged. The content hash of every review item
-- at the latest submission, and the round before a resubmission (hashes, decisions, sections asked about). Rows
-- submitted before have no hashes: their next resubmission is decided again in full, as nothing says what was seen.
ALTER TABLE "onboarding_application" ADD COLUMN "submitted_hashes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "onboarding_application" ADD COLUMN "previous_round" jsonb;
