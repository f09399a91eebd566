DROP INDEX "collection_merchant_status_created_idx";--> statement-breakpoint
CREATE INDEX "collection_currency_created_idx" ON "collection" USING btree ("currency","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "collection_merchant_status_created_idx" ON "collection" USING btree ("merchant_id","currency","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Order tables grow by inserts: vacuum them after 2 % new rows (default 20 %), so their pages become all-visible
-- soon and the lists' index-only scans stay index-only, and analyse after 1 % so a new month has statistics.
ALTER TABLE "collection" SET (autovacuum_vacuum_insert_scale_factor = 0.02, autovacuum_vacuum_scale_factor = 0.05, autovacuum_analyze_scale_factor = 0.01);--> statement-breakpoint
ALTER TABLE "refund" SET (autovacuum_vacuum_insert_scale_factor = 0.02, autovacuum_vacuum_scale_factor = 0.05, autovacuum_analyze_scale_factor = 0.01);--> statement-breakpoint
ALTER TABLE "ledger_entry" SET (autovacuum_vacuum_insert_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.01);
