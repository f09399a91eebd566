DROP INDEX "settlement_batch_uq";--> statement-breakpoint
CREATE INDEX "collection_settlement_idx" ON "collection" USING btree ("merchant_id","settlement_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "collection"."settlement_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_pending_batch_uq" ON "settlement" USING btree ("merchant_id","currency","settle_date") WHERE "settlement"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "settlement_batch_date_idx" ON "settlement" USING btree ("merchant_id","currency","settle_date");