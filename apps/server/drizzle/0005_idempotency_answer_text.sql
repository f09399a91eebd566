-- Idempotency answers are stored with the work they answer (issue 8): no "running" rows any more. A row left
-- running by the old scheme answered nothing, so it is dropped: its retry runs again, once.
DELETE FROM "idempotency_record" WHERE "response_status" IS NULL OR "response_body" IS NULL;--> statement-breakpoint
ALTER TABLE "idempotency_record" ALTER COLUMN "response_status" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_record" ALTER COLUMN "response_body" SET DATA TYPE text USING "response_body"::text;--> statement-breakpoint
ALTER TABLE "idempotency_record" ALTER COLUMN "response_body" SET NOT NULL;
