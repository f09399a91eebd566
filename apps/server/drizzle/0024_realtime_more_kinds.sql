ALTER TABLE "realtime_event" ALTER COLUMN "merchant_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "realtime_event" ADD COLUMN "user_id" bigint;--> statement-breakpoint
-- The same function for every pushed table. A second argument 'user' makes the event its row's user's alone (an
-- export tells nobody else); a row without merchant (an announcement to all) makes an event for every merchant.
-- to_jsonb reads the optional columns: a plpgsql NEW has no field a table lacks, even in a branch not taken.
CREATE OR REPLACE FUNCTION "realtime_status_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e "realtime_event";
  r jsonb := to_jsonb(NEW);
BEGIN
  IF current_setting('mg.realtime', true) = 'off' THEN
    RETURN NULL;
  END IF;
  INSERT INTO "realtime_event" ("merchant_id", "user_id", "kind", "record_id", "status", "actor", "created")
    VALUES ((r ->> 'merchant_id')::integer, CASE WHEN TG_ARGV[1] = 'user' THEN (r ->> 'user_id')::bigint END, TG_ARGV[0], r ->> 'id',
      NEW."status", r ->> 'created_by', TG_OP = 'INSERT')
    RETURNING * INTO e;
  PERFORM pg_notify('realtime', json_build_object('seq', e."seq", 'kind', e."kind", 'merchantId', e."merchant_id", 'userId', e."user_id",
    'id', e."record_id", 'status', e."status", 'actor', e."actor", 'created', e."created", 'at', e."created_at")::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "payout_batch_realtime_insert" AFTER INSERT ON "payout_batch" FOR EACH ROW EXECUTE FUNCTION "realtime_status_event"('payout_batch');--> statement-breakpoint
CREATE TRIGGER "payout_batch_realtime_status" AFTER UPDATE OF "status" ON "payout_batch" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "realtime_status_event"('payout_batch');--> statement-breakpoint
-- Only a job's end is news: a small export is inserted done and downloaded at once, by the request that made it.
CREATE TRIGGER "export_job_realtime_end" AFTER UPDATE OF "status" ON "export_job" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" AND NEW."status" IN ('done', 'failed')) EXECUTE FUNCTION "realtime_status_event"('export', 'user');--> statement-breakpoint
-- Released by the publishing screen (a draft's update) or at once by the app (the notices to a merchant's admins).
CREATE TRIGGER "announcement_realtime_insert" AFTER INSERT ON "announcement" FOR EACH ROW WHEN (NEW."status" = 'released') EXECUTE FUNCTION "realtime_status_event"('announcement');--> statement-breakpoint
CREATE TRIGGER "announcement_realtime_release" AFTER UPDATE OF "status" ON "announcement" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" AND NEW."status" = 'released') EXECUTE FUNCTION "realtime_status_event"('announcement');
--> statement-breakpoint
-- A reconnecting user's catch-up also reads the events naming them (an export's end): with this index every branch
-- of its OR is an index scan. Few rows carry a user, so the index stays small.
CREATE INDEX "realtime_event_user_seq_idx" ON "realtime_event" USING btree ("user_id","seq") WHERE "user_id" IS NOT NULL;
