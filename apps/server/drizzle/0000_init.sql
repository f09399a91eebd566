CREATE TABLE "dict" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dict_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"dict_code" varchar(64) NOT NULL,
	"dict_name_key" varchar(191) NOT NULL,
	"description" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict_item" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dict_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"dict_id" integer NOT NULL,
	"item_value" varchar(128) NOT NULL,
	"item_text_key" varchar(191) NOT NULL,
	"item_text" varchar(255),
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dict_item" ADD CONSTRAINT "dict_item_dict_id_dict_id_fk" FOREIGN KEY ("dict_id") REFERENCES "public"."dict"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dict_dict_code_uq" ON "dict" USING btree ("dict_code");--> statement-breakpoint
CREATE UNIQUE INDEX "dict_item_dict_value_uq" ON "dict_item" USING btree ("dict_id","item_value");--> statement-breakpoint
CREATE INDEX "dict_item_dict_sort_idx" ON "dict_item" USING btree ("dict_id","sort_order");