-- Issue 40: a top-up's status is pushed like an order's (domain RealtimeKind.TOP_UP), so an open top-up list shows
-- the payment made at the cashier without a reload. The same function as every pushed table (0018, 0028).
CREATE TRIGGER "top_up_realtime_insert" AFTER INSERT ON "top_up" FOR EACH ROW EXECUTE FUNCTION "realtime_status_event"('top_up');--> statement-breakpoint
CREATE TRIGGER "top_up_realtime_status" AFTER UPDATE OF "status" ON "top_up" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "realtime_status_event"('top_up');
