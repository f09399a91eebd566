-- Issue 39: wrong step-up (second factor) codes are counted per session; five lock its money calls for 15 minutes.
ALTER TABLE "session" ADD COLUMN "step_up_failures" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "step_up_locked_until" timestamp with time zone;