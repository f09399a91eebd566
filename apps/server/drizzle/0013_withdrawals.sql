CREATE TABLE "withdrawal" (
	"id" varchar(32) NOT NULL,
	"merchant_id" integer NOT NULL,
	"account_id" bigint NOT NULL,
	"currency" varchar(8) NOT NULL,
	"bank_code" varchar(32) NOT NULL,
	"account_name" varchar(200) NOT NULL,
	"account_number" varchar(120) NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"status" varchar(16) NOT NULL,
	"result_code" varchar(2),
	"reject_reason" varchar(255),
	"expected_arrival" varchar(10) NOT NULL,
	"created_by" varchar(64) NOT NULL,
	"reviewed_by" varchar(64),
	"reviewed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "withdrawal_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "withdrawal_amount_ck" CHECK ("withdrawal"."amount" > 0 AND "withdrawal"."fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawal_account" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"currency" varchar(8) NOT NULL,
	"bank_code" varchar(32) NOT NULL,
	"account_name" varchar(200) NOT NULL,
	"account_number" varchar(120) NOT NULL,
	"account_type" varchar(16),
	"document_id" varchar(32),
	"bank_agency" varchar(16),
	"status" varchar(16) NOT NULL,
	"usable_at" timestamp with time zone NOT NULL,
	"verified_by" varchar(64),
	"verified_at" timestamp with time zone,
	"created_by" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "withdrawal_limit" (
	"currency" varchar(8) NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"updated_by" varchar(64) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_limit_currency_pk" PRIMARY KEY("currency"),
	CONSTRAINT "withdrawal_limit_ck" CHECK ("withdrawal_limit"."min_amount" > 0 AND "withdrawal_limit"."max_amount" >= "withdrawal_limit"."min_amount")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_id_uq" ON "withdrawal" USING btree ("id");--> statement-breakpoint
CREATE INDEX "withdrawal_merchant_created_idx" ON "withdrawal" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdrawal_created_idx" ON "withdrawal" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdrawal_processing_idx" ON "withdrawal" USING btree ("sent_at") WHERE "withdrawal"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "withdrawal_account_merchant_idx" ON "withdrawal_account" USING btree ("merchant_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_account_live_uq" ON "withdrawal_account" USING btree ("merchant_id","currency","bank_code","account_number") WHERE "withdrawal_account"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "withdrawal_account_pending_idx" ON "withdrawal_account" USING btree ("created_at") WHERE "withdrawal_account"."status" = 'pending' and "withdrawal_account"."deleted_at" is null;