CREATE TABLE "realtime_event" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"record_id" varchar(64) NOT NULL,
	"status" varchar(24) NOT NULL,
	"actor" varchar(64),
	"created" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "realtime_event_merchant_seq_idx" ON "realtime_event" USING btree ("merchant_id","seq");--> statement-breakpoint
CREATE INDEX "realtime_event_created_idx" ON "realtime_event" USING btree ("created_at");--> statement-breakpoint
-- Every order row's birth and status change becomes an event in the same transaction, and is notified on commit (the
-- payload is the event; listeners get them in commit order, only committed ones). A session that loads data in bulk
-- (the benchmark's seed) sets mg.realtime = 'off'.
CREATE FUNCTION "realtime_status_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e "realtime_event";
BEGIN
  IF current_setting('mg.realtime', true) = 'off' THEN
    RETURN NULL;
  END IF;
  INSERT INTO "realtime_event" ("merchant_id", "kind", "record_id", "status", "actor", "created")
    VALUES (NEW."merchant_id", TG_ARGV[0], NEW."id", NEW."status", to_jsonb(NEW) ->> 'created_by', TG_OP = 'INSERT')
    RETURNING * INTO e;
  PERFORM pg_notify('realtime', json_build_object('seq', e."seq", 'kind', e."kind", 'merchantId', e."merchant_id", 'id', e."record_id",
    'status', e."status", 'actor', e."actor", 'created', e."created", 'at', e."created_at")::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "collection_realtime_insert" AFTER INSERT ON "collection" FOR EACH ROW EXECUTE FUNCTION "realtime_status_event"('collection');--> statement-breakpoint
CREATE TRIGGER "collection_realtime_status" AFTER UPDATE OF "status" ON "collection" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "realtime_status_event"('collection');--> statement-breakpoint
CREATE TRIGGER "payout_realtime_insert" AFTER INSERT ON "payout" FOR EACH ROW EXECUTE FUNCTION "realtime_status_event"('payout');--> statement-breakpoint
CREATE TRIGGER "payout_realtime_status" AFTER UPDATE OF "status" ON "payout" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "realtime_status_event"('payout');--> statement-breakpoint
CREATE TRIGGER "refund_realtime_insert" AFTER INSERT ON "refund" FOR EACH ROW EXECUTE FUNCTION "realtime_status_event"('refund');--> statement-breakpoint
CREATE TRIGGER "refund_realtime_status" AFTER UPDATE OF "status" ON "refund" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "realtime_status_event"('refund');--> statement-breakpoint
CREATE TRIGGER "withdrawal_realtime_insert" AFTER INSERT ON "withdrawal" FOR EACH ROW EXECUTE FUNCTION "realtime_status_event"('withdrawal');--> statement-breakpoint
CREATE TRIGGER "withdrawal_realtime_status" AFTER UPDATE OF "status" ON "withdrawal" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "realtime_status_event"('withdrawal');
