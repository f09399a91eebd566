CREATE TABLE "withdrawal_auto" (
	"merchant_id" integer NOT NULL,
	"currency" varchar(8) NOT NULL,
	"enabled" boolean NOT NULL,
	"account_id" bigint NOT NULL,
	"floor" bigint NOT NULL,
	"hour" smallint NOT NULL,
	"last_run_on" varchar(10),
	"updated_by" varchar(64) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_auto_merchant_id_currency_pk" PRIMARY KEY("merchant_id","currency"),
	CONSTRAINT "withdrawal_auto_ck" CHECK ("withdrawal_auto"."floor" >= 0 AND "withdrawal_auto"."hour" BETWEEN 0 AND 23)
);
