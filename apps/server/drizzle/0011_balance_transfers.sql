CREATE TABLE "balance_transfer" (
	"row_id" bigserial PRIMARY KEY NOT NULL,
	"id" varchar(32) NOT NULL,
	"merchant_id" integer NOT NULL,
	"direction" varchar(4) NOT NULL,
	"counterparty_id" integer NOT NULL,
	"currency" varchar(8) NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"remark" varchar(255),
	"request_id" varchar(64),
	"created_by" varchar(64) NOT NULL,
	"ledger_transfer_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_transfer_amount_ck" CHECK ("balance_transfer"."amount" > 0 AND "balance_transfer"."fee" >= 0),
	CONSTRAINT "balance_transfer_direction_ck" CHECK ("balance_transfer"."direction" IN ('out', 'in'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "balance_transfer_side_uq" ON "balance_transfer" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_transfer_request_uq" ON "balance_transfer" USING btree ("merchant_id","request_id");--> statement-breakpoint
CREATE INDEX "balance_transfer_merchant_created_idx" ON "balance_transfer" USING btree ("merchant_id","created_at" DESC NULLS LAST,"row_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "balance_transfer_created_idx" ON "balance_transfer" USING btree ("created_at" DESC NULLS LAST,"row_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "balance_transfer_id_idx" ON "balance_transfer" USING btree ("id");