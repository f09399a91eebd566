CREATE TABLE "payout" (
	"id" varchar(32) NOT NULL,
	"merchant_id" integer NOT NULL,
	"merchant_order_id" varchar(64) NOT NULL,
	"mode" varchar(8) NOT NULL,
	"currency" varchar(8) NOT NULL,
	"bank_code" varchar(32) NOT NULL,
	"destination_kind" varchar(8) NOT NULL,
	"channel" integer NOT NULL,
	"account_name" varchar(100) NOT NULL,
	"account_number" varchar(80) NOT NULL,
	"account_type" varchar(16),
	"document_id" varchar(32),
	"bank_agency" varchar(16),
	"pix_key_type" varchar(8),
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"status" varchar(16) NOT NULL,
	"failure_code" varchar(40),
	"reject_reason" varchar(255),
	"description" varchar(255),
	"notify_url" varchar(512),
	"notify_status" varchar(16),
	"created_by" varchar(64) NOT NULL,
	"reviewed_by" varchar(64),
	"reviewed_at" timestamp with time zone,
	"auto_approved" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone,
	"channel_reference" varchar(64),
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payout_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "payout_amount_ck" CHECK ("payout"."amount" > 0 and "payout"."fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payout_policy" (
	"merchant_id" integer NOT NULL,
	"currency" varchar(8) NOT NULL,
	"auto_approve_max" bigint,
	"daily_auto_max" bigint,
	"updated_by" varchar(64) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_policy_merchant_id_currency_pk" PRIMARY KEY("merchant_id","currency")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payout_id_uq" ON "payout" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_merchant_order_uq" ON "payout" USING btree ("merchant_id","merchant_order_id");--> statement-breakpoint
CREATE INDEX "payout_merchant_created_idx" ON "payout" USING btree ("merchant_id","currency","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payout_destination_idx" ON "payout" USING btree ("merchant_id","bank_code","account_number","created_at");--> statement-breakpoint
CREATE INDEX "payout_review_idx" ON "payout" USING btree ("created_at") WHERE "payout"."status" = 'pending_review';--> statement-breakpoint
CREATE INDEX "payout_processing_idx" ON "payout" USING btree ("due_at") WHERE "payout"."status" = 'processing';