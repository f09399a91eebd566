-- Issue 40: a top-up keeps what the channel gave to pay it with (the VA number, QR payload or store code), as a
-- collection does, so its cashier shows what to pay to. Nullable, no default: a change of the catalogue only.
ALTER TABLE "top_up" ADD COLUMN "payment_code" varchar(255);--> statement-breakpoint
ALTER TABLE "top_up" ADD COLUMN "channel_reference" varchar(64);