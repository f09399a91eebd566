-- Issue 10: the events are an outbox that each instance reads (modules/realtime/hub.ts), no longer notified.
-- PostgreSQL takes one lock for the whole database at the commit of every transaction that notifies, held through
-- its WAL flush: every payment's create and pay waited on every other's commit (open API 235-305 ops/s with it,
-- 317-331 without, at 16 clients; docs/benchmarks.md "tenth session").
CREATE OR REPLACE FUNCTION "realtime_status_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r jsonb := to_jsonb(NEW);
BEGIN
  IF current_setting('mg.realtime', true) = 'off' THEN
    RETURN NULL;
  END IF;
  INSERT INTO "realtime_event" ("merchant_id", "user_id", "kind", "record_id", "status", "actor", "created")
    VALUES ((r ->> 'merchant_id')::integer, CASE WHEN TG_ARGV[1] = 'user' THEN (r ->> 'user_id')::bigint END, TG_ARGV[0], r ->> 'id',
      NEW."status", r ->> 'created_by', TG_OP = 'INSERT');
  RETURN NULL;
END $$;
