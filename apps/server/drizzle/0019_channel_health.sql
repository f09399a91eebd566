CREATE TABLE "channel_health_setting" (
	"id" smallint PRIMARY KEY NOT NULL,
	"green_min" numeric(5, 4) NOT NULL,
	"amber_min" numeric(5, 4) NOT NULL,
	"updated_by" varchar(64) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_health_setting_one_ck" CHECK ("channel_health_setting"."id" = 1),
	CONSTRAINT "channel_health_setting_order_ck" CHECK ("channel_health_setting"."amber_min" <= "channel_health_setting"."green_min")
);
--> statement-breakpoint
CREATE TABLE "channel_outcome" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"merchant_id" integer NOT NULL,
	"currency" varchar(8) NOT NULL,
	"channel" integer NOT NULL,
	"success" boolean NOT NULL,
	"reason" varchar(64),
	"duration_ms" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_state" (
	"currency" varchar(8) NOT NULL,
	"channel" smallint NOT NULL,
	"state" varchar(16) NOT NULL,
	"message" varchar(500) NOT NULL,
	"updated_by" varchar(64) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_state_currency_channel_pk" PRIMARY KEY("currency","channel")
);
--> statement-breakpoint
CREATE INDEX "channel_outcome_currency_at_idx" ON "channel_outcome" USING btree ("currency","at","kind","channel","success","duration_ms");--> statement-breakpoint
CREATE INDEX "channel_outcome_at_idx" ON "channel_outcome" USING btree ("at");--> statement-breakpoint
-- An order reaching a final status becomes one outcome of its channel, in the transaction that ended it (collections:
-- success or partial counts as a success, failed or rejected as a failure; expired and closed orders are the payer's
-- doing, not the channel's, and are left out; payouts: success or failed). A later status (refunded, returned) adds
-- nothing. Inserted orders that are already final (seeds, history) count at the time they ended.
CREATE FUNCTION "channel_outcome_record"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ok boolean;
  why text;
  started timestamptz;
  ended timestamptz;
  kind text := TG_ARGV[0];
  touched timestamptz;
BEGIN
  -- The writers set updated_at with their own clock (a job's or a demo history's "now"); one that did not: now().
  touched := CASE WHEN TG_OP = 'UPDATE' AND NEW."updated_at" = OLD."updated_at" THEN now() ELSE NEW."updated_at" END;
  IF kind = 'collection' THEN
    IF NEW."channel" IS NULL THEN RETURN NULL; END IF;
    IF TG_OP = 'UPDATE' AND OLD."status" IN ('success', 'partial', 'failed', 'rejected') THEN RETURN NULL; END IF;
    IF NEW."status" IN ('success', 'partial') THEN ok := true;
    ELSIF NEW."status" IN ('failed', 'rejected') THEN ok := false; why := NEW."failure_reason";
    ELSE RETURN NULL;
    END IF;
    started := NEW."created_at";
    ended := coalesce(NEW."paid_at", touched);
  ELSE
    IF TG_OP = 'UPDATE' AND OLD."status" IN ('success', 'failed') THEN RETURN NULL; END IF;
    IF NEW."status" = 'success' THEN ok := true;
    ELSIF NEW."status" = 'failed' THEN ok := false; why := NEW."failure_code";
    ELSE RETURN NULL;
    END IF;
    started := coalesce(NEW."sent_at", NEW."created_at");
    ended := coalesce(NEW."completed_at", touched);
  END IF;
  INSERT INTO "channel_outcome" ("kind", "merchant_id", "currency", "channel", "success", "reason", "duration_ms", "at")
    VALUES (kind, NEW."merchant_id", NEW."currency", NEW."channel", ok, why,
      least(greatest(extract(epoch FROM ended - started) * 1000, 0), 2147483647)::integer, ended);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "collection_channel_outcome_insert" AFTER INSERT ON "collection" FOR EACH ROW WHEN (NEW."status" IN ('success', 'partial', 'failed', 'rejected')) EXECUTE FUNCTION "channel_outcome_record"('collection');--> statement-breakpoint
CREATE TRIGGER "collection_channel_outcome_status" AFTER UPDATE OF "status" ON "collection" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "channel_outcome_record"('collection');--> statement-breakpoint
CREATE TRIGGER "payout_channel_outcome_insert" AFTER INSERT ON "payout" FOR EACH ROW WHEN (NEW."status" IN ('success', 'failed')) EXECUTE FUNCTION "channel_outcome_record"('payout');--> statement-breakpoint
CREATE TRIGGER "payout_channel_outcome_status" AFTER UPDATE OF "status" ON "payout" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "channel_outcome_record"('payout');--> statement-breakpoint
-- A channel marked down refuses collections on the payment path, which reads the marks through the configuration
-- cache (db/config-cache.ts): a mark changes the version like the other configuration tables (migration 0008).
CREATE TRIGGER "channel_state_config_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "channel_state" FOR EACH STATEMENT EXECUTE FUNCTION "config_version_bump"();
--> statement-breakpoint
-- What ended in the kept window before this migration.
INSERT INTO "channel_outcome" ("kind", "merchant_id", "currency", "channel", "success", "reason", "duration_ms", "at")
  SELECT 'collection', "merchant_id", "currency", "channel", "status" IN ('success', 'partial', 'refunded'),
    CASE WHEN "status" IN ('failed', 'rejected') THEN "failure_reason" END,
    least(greatest(extract(epoch FROM coalesce("paid_at", "updated_at") - "created_at") * 1000, 0), 2147483647)::integer,
    coalesce("paid_at", "updated_at")
  FROM "collection"
  WHERE "channel" IS NOT NULL AND "status" IN ('success', 'partial', 'refunded', 'failed', 'rejected')
    AND coalesce("paid_at", "updated_at") > now() - interval '7 days';--> statement-breakpoint
INSERT INTO "channel_outcome" ("kind", "merchant_id", "currency", "channel", "success", "reason", "duration_ms", "at")
  SELECT 'payout', "merchant_id", "currency", "channel", "status" = 'success', CASE WHEN "status" = 'failed' THEN "failure_code" END,
    least(greatest(extract(epoch FROM coalesce("completed_at", "updated_at") - coalesce("sent_at", "created_at")) * 1000, 0), 2147483647)::integer,
    coalesce("completed_at", "updated_at")
  FROM "payout"
  WHERE "status" IN ('success', 'failed') AND coalesce("completed_at", "updated_at") > now() - interval '7 days';
