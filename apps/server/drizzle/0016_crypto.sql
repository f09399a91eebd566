CREATE TABLE "crypto_address" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"network" varchar(8) NOT NULL,
	"address" varchar(100) NOT NULL,
	"label" varchar(64) NOT NULL,
	"usable_at" timestamp with time zone NOT NULL,
	"created_by" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "crypto_deposit" (
	"merchant_id" integer NOT NULL,
	"collection_id" varchar(32) NOT NULL,
	"network" varchar(8) NOT NULL,
	"chain_trade_no" varchar(80) NOT NULL,
	"payer_address" varchar(100) NOT NULL,
	"amount" bigint NOT NULL,
	"required" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "crypto_deposit_merchant_id_collection_id_pk" PRIMARY KEY("merchant_id","collection_id")
);
--> statement-breakpoint
ALTER TABLE "payout" ALTER COLUMN "channel_reference" SET DATA TYPE varchar(80);--> statement-breakpoint
ALTER TABLE "collection" ADD COLUMN "payer_address" varchar(100);--> statement-breakpoint
ALTER TABLE "collection" ADD COLUMN "chain_trade_no" varchar(80);--> statement-breakpoint
CREATE INDEX "crypto_address_merchant_idx" ON "crypto_address" USING btree ("merchant_id","network");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_address_live_uq" ON "crypto_address" USING btree ("merchant_id","network","address") WHERE "crypto_address"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_deposit_tx_uq" ON "crypto_deposit" USING btree ("chain_trade_no");--> statement-breakpoint
CREATE INDEX "crypto_deposit_open_idx" ON "crypto_deposit" USING btree ("sent_at") WHERE "crypto_deposit"."confirmed_at" is null;