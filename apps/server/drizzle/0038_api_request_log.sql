-- Issue 42: the open API request log of each merchant (modules/api-logs), written in batches, kept 30 days.
CREATE TABLE "api_request_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_request_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"method" varchar(8) NOT NULL,
	"path" varchar(1024) NOT NULL,
	"status" smallint NOT NULL,
	"error_code" varchar(64),
	"latency_ms" integer NOT NULL,
	"key_id" varchar(64) NOT NULL,
	"mode" varchar(16) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"request_id" varchar(64) NOT NULL,
	"idempotency_key" varchar(128),
	"order_id" varchar(64),
	"merchant_order_id" varchar(64),
	"request_body" text,
	"response_body" text,
	"verdict" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "api_request_log_merchant_idx" ON "api_request_log" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "api_request_log_request_idx" ON "api_request_log" USING btree ("merchant_id","request_id");--> statement-breakpoint
CREATE INDEX "api_request_log_order_idx" ON "api_request_log" USING btree ("merchant_id","order_id") WHERE "api_request_log"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "api_request_log_created_brin" ON "api_request_log" USING brin ("created_at");