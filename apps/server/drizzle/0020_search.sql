CREATE INDEX "collection_payment_code_idx" ON "collection" USING btree ("merchant_id","payment_code") WHERE "collection"."payment_code" is not null;--> statement-breakpoint
CREATE INDEX "collection_chain_trade_idx" ON "collection" USING btree ("merchant_id","chain_trade_no") WHERE "collection"."chain_trade_no" is not null;--> statement-breakpoint
CREATE INDEX "collection_payer_email_idx" ON "collection" USING btree ("merchant_id",lower("payer_email")) WHERE "collection"."payer_email" is not null;--> statement-breakpoint
CREATE INDEX "payout_channel_reference_idx" ON "payout" USING btree ("merchant_id","channel_reference") WHERE "payout"."channel_reference" is not null;--> statement-breakpoint
-- An account number found by its last digits: the reversed number as a prefix (LIKE 'reversed%'), whatever the
-- database's collation (text_pattern_ops).
CREATE INDEX "payout_account_suffix_idx" ON "payout" USING btree ("merchant_id", reverse("account_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "withdrawal_account_suffix_idx" ON "withdrawal" USING btree ("merchant_id", reverse("account_number") text_pattern_ops);
