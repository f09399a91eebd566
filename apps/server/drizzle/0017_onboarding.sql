CREATE TABLE "stored_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"biz" varchar(16) NOT NULL,
	"name" varchar(200) NOT NULL,
	"type" varchar(8) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "onboarding_application" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"status" varchar(20) DEFAULT 'draft' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"decisions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"video_attempts" smallint DEFAULT 0 NOT NULL,
	"video_phrase" varchar(80),
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"section" varchar(32),
	"field" varchar(120),
	"message" varchar(2000),
	"internal" boolean DEFAULT false NOT NULL,
	"actor" varchar(64) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_request" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"section" varchar(32) NOT NULL,
	"field" varchar(120) DEFAULT '' NOT NULL,
	"message" varchar(500) NOT NULL,
	"due_date" date NOT NULL,
	"created_by" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "stored_file_merchant_idx" ON "stored_file" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "onboarding_application_queue_idx" ON "onboarding_application" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "onboarding_event_merchant_idx" ON "onboarding_event" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "onboarding_request_merchant_idx" ON "onboarding_request" USING btree ("merchant_id","id");