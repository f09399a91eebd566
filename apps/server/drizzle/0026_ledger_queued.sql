CREATE TABLE "ledger_queued" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_queued_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"currency" varchar(8) NOT NULL,
	"flow" varchar(32) NOT NULL,
	"action_type" smallint NOT NULL,
	"reference" varchar(64) NOT NULL,
	"idempotency_key" varchar(128) NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"legs" jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_queued_idempotency_uq" ON "ledger_queued" USING btree ("merchant_id","idempotency_key");