ALTER TABLE "merchant" ADD COLUMN "webhook_secret_previous_sealed" text;--> statement-breakpoint
ALTER TABLE "merchant" ADD COLUMN "webhook_secret_previous_until" timestamp with time zone;