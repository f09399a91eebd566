CREATE TABLE "top_up" (
	"id" varchar(32) NOT NULL,
	"merchant_id" integer NOT NULL,
	"currency" varchar(8) NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"payment_type" smallint NOT NULL,
	"channel" smallint NOT NULL,
	"status" varchar(16) NOT NULL,
	"failure_reason" varchar(64),
	"cashier_token" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "top_up_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "top_up_amount_ck" CHECK ("top_up"."amount" > 0 AND "top_up"."fee" >= 0 AND "top_up"."fee" <= "top_up"."amount")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "top_up_id_uq" ON "top_up" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "top_up_cashier_token_uq" ON "top_up" USING btree ("cashier_token");--> statement-breakpoint
CREATE INDEX "top_up_merchant_created_idx" ON "top_up" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "top_up_created_idx" ON "top_up" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "top_up_pending_expiry_idx" ON "top_up" USING btree ("expires_at") WHERE "top_up"."status" = 'pending';