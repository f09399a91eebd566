-- Issue 10: every insert and status change of an order wrote an entry in each of the order table's indexes. The id is
-- unique on its own, so it becomes the primary key through its existing unique index (no rebuild), and the
-- (merchant_id, id) key and the currency-less (merchant_id, created_at) index go: every list and lookup names the
-- currency or the id (docs/decisions.md, "Speed (issue 10)").
ALTER TABLE "collection" DROP CONSTRAINT "collection_merchant_id_id_pk";--> statement-breakpoint
ALTER TABLE "collection" ADD CONSTRAINT "collection_pkey" PRIMARY KEY USING INDEX "collection_id_uq";--> statement-breakpoint
DROP INDEX "collection_merchant_created_idx";
