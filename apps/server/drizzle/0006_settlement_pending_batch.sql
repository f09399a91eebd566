DROP INDEX "settlement_batch_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_pending_batch_uq" ON "settlement" USING btree ("merchant_id","currency","settle_date") WHERE "settlement"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "settlement_batch_date_idx" ON "settlement" USING btree ("merchant_id","currency","settle_date");