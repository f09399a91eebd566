CREATE TABLE "saved_view" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"owner" varchar(64) NOT NULL,
	"list" varchar(40) NOT NULL,
	"name" varchar(40) NOT NULL,
	"filters" jsonb NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "saved_view_owner_name_uq" ON "saved_view" USING btree ("merchant_id","user_id","list","name");--> statement-breakpoint
CREATE INDEX "saved_view_merchant_list_idx" ON "saved_view" USING btree ("merchant_id","list");