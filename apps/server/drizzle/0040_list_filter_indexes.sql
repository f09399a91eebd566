-- Issue 43: every filter the transaction list declares answers its first page fast at a million rows and more
-- (docs/benchmarks.md). A payment type gets its own index in the list's order; channel and payment type ride along at
-- the end of the status index, so a status with either is read from it alone; the amount column gets a finer
-- histogram, so a rare amount range is estimated as rare and read from the amount index.
DROP INDEX "collection_merchant_status_created_idx";--> statement-breakpoint
CREATE INDEX "collection_merchant_type_created_idx" ON "collection" USING btree ("merchant_id","currency","payment_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "collection_merchant_status_created_idx" ON "collection" USING btree ("merchant_id","currency","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"channel","payment_type");--> statement-breakpoint
ALTER TABLE "collection" ALTER COLUMN "amount" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "collection" ("amount");
