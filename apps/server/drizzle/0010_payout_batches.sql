CREATE TABLE "payout_batch" (
	"id" varchar(32) NOT NULL,
	"merchant_id" integer NOT NULL,
	"currency" varchar(8) NOT NULL,
	"status" varchar(16) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"uploaded_count" integer NOT NULL,
	"uploaded_total" bigint NOT NULL,
	"row_count" integer NOT NULL,
	"total_amount" bigint NOT NULL,
	"total_fee" bigint NOT NULL,
	"created_by" varchar(64) NOT NULL,
	"reviewed_by" varchar(64),
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payout_batch_merchant_id_id_pk" PRIMARY KEY("merchant_id","id")
);
--> statement-breakpoint
ALTER TABLE "payout" ADD COLUMN "batch_id" varchar(32);--> statement-breakpoint
ALTER TABLE "payout" ADD COLUMN "batch_row" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batch_id_uq" ON "payout_batch" USING btree ("id");--> statement-breakpoint
CREATE INDEX "payout_batch_merchant_created_idx" ON "payout_batch" USING btree ("merchant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payout_batch_idx" ON "payout" USING btree ("merchant_id","batch_id") WHERE "payout"."batch_id" is not null;