-- Issue 43: created_at at the end of the amount index, so the capped count of an amount range (without other
-- filters) can read the month from it alone, and the planner may walk it instead of the month in created order
-- (collections/queries.ts countInAnyOrder; docs/benchmarks.md).
DROP INDEX "collection_merchant_currency_amount_idx";--> statement-breakpoint
CREATE INDEX "collection_merchant_currency_amount_idx" ON "collection" USING btree ("merchant_id","currency","amount","created_at");