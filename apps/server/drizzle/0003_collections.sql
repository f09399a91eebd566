CREATE TABLE "api_key" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"mode" varchar(8) NOT NULL,
	"name" varchar(64) DEFAULT '' NOT NULL,
	"secret_sealed" text NOT NULL,
	"secret_last4" varchar(4) NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone,
	"revealed_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "api_nonce" (
	"key_id" varchar(40) NOT NULL,
	"nonce" varchar(128) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_nonce_key_id_nonce_pk" PRIMARY KEY("key_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "balance_limit" (
	"merchant_id" integer NOT NULL,
	"currency" varchar(8) NOT NULL,
	"threshold" bigint NOT NULL,
	"below_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_limit_merchant_id_currency_pk" PRIMARY KEY("merchant_id","currency"),
	CONSTRAINT "balance_limit_ck" CHECK ("balance_limit"."threshold" > 0)
);
--> statement-breakpoint
CREATE TABLE "callback_attempt" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "callback_attempt_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"attempt_no" integer NOT NULL,
	"url" varchar(512) NOT NULL,
	"request_headers" jsonb NOT NULL,
	"request_body" text NOT NULL,
	"response_status" integer,
	"response_excerpt" text,
	"error" varchar(255),
	"latency_ms" integer NOT NULL,
	"trigger" varchar(8) DEFAULT 'auto' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "callback_delivery" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "callback_delivery_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"event_id" varchar(40) NOT NULL,
	"event_type" varchar(48) NOT NULL,
	"order_kind" varchar(16) NOT NULL,
	"order_id" varchar(32) NOT NULL,
	"url" varchar(512) NOT NULL,
	"body" text NOT NULL,
	"status" varchar(16) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_response_status" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection" (
	"id" varchar(32) NOT NULL,
	"merchant_id" integer NOT NULL,
	"merchant_order_id" varchar(64) NOT NULL,
	"mode" varchar(8) NOT NULL,
	"source" varchar(16) NOT NULL,
	"payment_link_id" varchar(32),
	"currency" varchar(8) NOT NULL,
	"payment_type" smallint NOT NULL,
	"channel" smallint,
	"payment_code" varchar(255),
	"amount" bigint NOT NULL,
	"admin_fee" bigint DEFAULT 0 NOT NULL,
	"service_fee" bigint DEFAULT 0 NOT NULL,
	"paid_amount" bigint,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"status" varchar(16) NOT NULL,
	"failure_reason" varchar(64),
	"payer_name" varchar(128),
	"payer_email" varchar(191),
	"payer_phone" varchar(32),
	"order_description" varchar(255),
	"expiry_hours" smallint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"notify_url" varchar(512),
	"return_url" varchar(512),
	"notify_status" varchar(16),
	"cashier_token" varchar(64) NOT NULL,
	"settlement_id" varchar(32),
	"channel_reference" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "collection_amounts_ck" CHECK ("collection"."amount" > 0 and "collection"."admin_fee" >= 0 and "collection"."service_fee" >= 0 and "collection"."refunded_amount" >= 0 and "collection"."refunded_amount" <= "collection"."amount")
);
--> statement-breakpoint
CREATE TABLE "export_job" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" varchar(32) NOT NULL,
	"filters" jsonb NOT NULL,
	"lang" varchar(8) NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"status" varchar(16) NOT NULL,
	"total_rows" integer,
	"done_rows" integer DEFAULT 0 NOT NULL,
	"file_path" varchar(512),
	"download_token" varchar(64),
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fee_rule" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fee_rule_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"currency" varchar(8) NOT NULL,
	"payment_type" smallint NOT NULL,
	"channel" smallint DEFAULT -1 NOT NULL,
	"rate_bps" integer DEFAULT 0 NOT NULL,
	"fixed_fee" bigint DEFAULT 0 NOT NULL,
	"min_fee" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_rule_values_ck" CHECK ("fee_rule"."rate_bps" >= 0 and "fee_rule"."rate_bps" <= 10000 and "fee_rule"."fixed_fee" >= 0 and "fee_rule"."min_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_record" (
	"merchant_id" integer NOT NULL,
	"key" varchar(128) NOT NULL,
	"method" varchar(8) NOT NULL,
	"path" varchar(255) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_record_merchant_id_key_pk" PRIMARY KEY("merchant_id","key")
);
--> statement-breakpoint
CREATE TABLE "payment_link" (
	"id" varchar(32) NOT NULL,
	"merchant_id" integer NOT NULL,
	"token" varchar(64) NOT NULL,
	"currency" varchar(8) NOT NULL,
	"amount" bigint NOT NULL,
	"description" varchar(255) NOT NULL,
	"payment_type" smallint NOT NULL,
	"expiry_hours" smallint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" varchar(16) NOT NULL,
	"collection_id" varchar(32),
	"mode" varchar(8) NOT NULL,
	"created_by" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_link_merchant_id_id_pk" PRIMARY KEY("merchant_id","id")
);
--> statement-breakpoint
CREATE TABLE "product" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"currency" varchar(8) NOT NULL,
	"payment_type" smallint NOT NULL,
	"channel" smallint NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund" (
	"id" varchar(32) NOT NULL,
	"merchant_id" integer NOT NULL,
	"collection_id" varchar(32) NOT NULL,
	"merchant_refund_id" varchar(64),
	"currency" varchar(8) NOT NULL,
	"refund_type" varchar(8) NOT NULL,
	"refund_way" varchar(8) NOT NULL,
	"requested_amount" bigint NOT NULL,
	"actual_amount" bigint,
	"reason" varchar(255) NOT NULL,
	"status" varchar(24) NOT NULL,
	"failure_reason" varchar(64),
	"notify_status" varchar(16),
	"created_by" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refund_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "refund_amount_ck" CHECK ("refund"."requested_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "settlement" (
	"id" varchar(32) NOT NULL,
	"merchant_id" integer NOT NULL,
	"currency" varchar(8) NOT NULL,
	"settle_date" varchar(10) NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" varchar(16) NOT NULL,
	"collection_count" integer DEFAULT 0 NOT NULL,
	"gross_amount" bigint DEFAULT 0 NOT NULL,
	"fee_amount" bigint DEFAULT 0 NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"net_amount" bigint DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "settlement_amounts_ck" CHECK ("settlement"."net_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "merchant" ADD COLUMN "settlement_days" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant" ADD COLUMN "ip_whitelist" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant" ADD COLUMN "collection_callback_url" varchar(512);--> statement-breakpoint
ALTER TABLE "merchant" ADD COLUMN "payout_callback_url" varchar(512);--> statement-breakpoint
ALTER TABLE "merchant" ADD COLUMN "webhook_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "callback_attempt" ADD CONSTRAINT "callback_attempt_delivery_id_callback_delivery_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."callback_delivery"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_key_merchant_idx" ON "api_key" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "api_nonce_created_idx" ON "api_nonce" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "callback_attempt_delivery_idx" ON "callback_attempt" USING btree ("delivery_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "callback_delivery_event_uq" ON "callback_delivery" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "callback_delivery_due_idx" ON "callback_delivery" USING btree ("next_attempt_at") WHERE "callback_delivery"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "callback_delivery_order_idx" ON "callback_delivery" USING btree ("merchant_id","order_kind","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_id_uq" ON "collection" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_merchant_order_uq" ON "collection" USING btree ("merchant_id","merchant_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_cashier_token_uq" ON "collection" USING btree ("cashier_token");--> statement-breakpoint
CREATE INDEX "collection_merchant_created_idx" ON "collection" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "collection_merchant_status_created_idx" ON "collection" USING btree ("merchant_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "collection_merchant_currency_created_idx" ON "collection" USING btree ("merchant_id","currency","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"status","payment_type","channel","amount","notify_status","paid_amount","admin_fee","service_fee");--> statement-breakpoint
CREATE INDEX "collection_merchant_currency_amount_idx" ON "collection" USING btree ("merchant_id","currency","amount");--> statement-breakpoint
CREATE INDEX "collection_merchant_channel_created_idx" ON "collection" USING btree ("merchant_id","currency","channel","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "collection_merchant_notify_created_idx" ON "collection" USING btree ("merchant_id","currency","notify_status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "collection"."notify_status" in ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "collection_pending_expiry_idx" ON "collection" USING btree ("expires_at") WHERE "collection"."status" in ('pending', 'processing');--> statement-breakpoint
CREATE INDEX "export_job_merchant_idx" ON "export_job" USING btree ("merchant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "export_job_status_idx" ON "export_job" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_rule_uq" ON "fee_rule" USING btree ("merchant_id","currency","payment_type","channel");--> statement-breakpoint
CREATE INDEX "idempotency_record_created_idx" ON "idempotency_record" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_link_id_uq" ON "payment_link" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_link_token_uq" ON "payment_link" USING btree ("token");--> statement-breakpoint
CREATE INDEX "payment_link_merchant_created_idx" ON "payment_link" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "product_currency_channel_uq" ON "product" USING btree ("currency","payment_type","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_id_uq" ON "refund" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_merchant_refund_uq" ON "refund" USING btree ("merchant_id","merchant_refund_id");--> statement-breakpoint
CREATE INDEX "refund_merchant_created_idx" ON "refund" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "refund_collection_idx" ON "refund" USING btree ("merchant_id","collection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_id_uq" ON "settlement" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_batch_uq" ON "settlement" USING btree ("merchant_id","currency","settle_date");--> statement-breakpoint
CREATE INDEX "settlement_merchant_created_idx" ON "settlement" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "settlement_due_idx" ON "settlement" USING btree ("due_at") WHERE "settlement"."status" = 'pending';