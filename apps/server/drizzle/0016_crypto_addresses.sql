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
ALTER TABLE "payout" ALTER COLUMN "channel_reference" SET DATA TYPE varchar(80);--> statement-breakpoint
CREATE INDEX "crypto_address_merchant_idx" ON "crypto_address" USING btree ("merchant_id","network");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_address_live_uq" ON "crypto_address" USING btree ("merchant_id","network","address") WHERE "crypto_address"."deleted_at" is null;