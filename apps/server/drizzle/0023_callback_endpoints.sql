CREATE TABLE "callback_endpoint_disabled" (
	"merchant_id" integer NOT NULL,
	"url" varchar(512) NOT NULL,
	"disabled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "callback_endpoint_disabled_merchant_id_url_pk" PRIMARY KEY("merchant_id","url")
);
--> statement-breakpoint
CREATE INDEX "callback_attempt_merchant_created_idx" ON "callback_attempt" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "callback_delivery_failed_idx" ON "callback_delivery" USING btree ("merchant_id","created_at") WHERE "callback_delivery"."status" = 'failed';