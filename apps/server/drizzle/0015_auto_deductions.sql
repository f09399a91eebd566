CREATE TABLE "mandate" (
	"id" varchar(32) NOT NULL,
	"merchant_id" integer NOT NULL,
	"merchant_mandate_id" varchar(64),
	"currency" varchar(8) NOT NULL,
	"amount" bigint NOT NULL,
	"payment_type" smallint NOT NULL,
	"interval_period" smallint NOT NULL,
	"interval_unit" varchar(8) NOT NULL,
	"repetitions" integer,
	"charges_done" integer DEFAULT 0 NOT NULL,
	"deducted_amount" bigint DEFAULT 0 NOT NULL,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"next_charge_at" timestamp with time zone,
	"notice_for" timestamp with time zone,
	"last_failure_reason" varchar(64),
	"status" varchar(8) NOT NULL,
	"payer_email" varchar(254) NOT NULL,
	"payer_name" varchar(128),
	"cashier_token" varchar(64) NOT NULL,
	"authorize_before" timestamp with time zone NOT NULL,
	"notify_url" varchar(512),
	"created_by" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mandate_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "mandate_amount_ck" CHECK ("mandate"."amount" > 0 AND "mandate"."interval_period" > 0)
);
--> statement-breakpoint
CREATE TABLE "mandate_charge" (
	"mandate_id" varchar(32) NOT NULL,
	"merchant_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"collection_id" varchar(32) NOT NULL,
	"status" varchar(16) NOT NULL,
	"failure_reason" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mandate_charge_mandate_id_seq_pk" PRIMARY KEY("mandate_id","seq")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mandate_id_uq" ON "mandate" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "mandate_cashier_token_uq" ON "mandate" USING btree ("cashier_token");--> statement-breakpoint
CREATE UNIQUE INDEX "mandate_merchant_mandate_uq" ON "mandate" USING btree ("merchant_id","merchant_mandate_id");--> statement-breakpoint
CREATE INDEX "mandate_merchant_created_idx" ON "mandate" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mandate_created_idx" ON "mandate" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mandate_due_idx" ON "mandate" USING btree ("next_charge_at") WHERE "mandate"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "mandate_charge_merchant_idx" ON "mandate_charge" USING btree ("merchant_id","mandate_id");