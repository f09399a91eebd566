CREATE TABLE "file_blob" (
	"key" uuid PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"chunks" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_chunk" (
	"key" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunk_key_seq_pk" PRIMARY KEY("key","seq")
);
--> statement-breakpoint
-- The chunks are PDFs, JPEGs, WebMs and XLSX (zip): already compressed. EXTERNAL keeps them out of line (TOAST)
-- without trying pglz on every 256 KiB again.
ALTER TABLE "file_chunk" ALTER COLUMN "data" SET STORAGE EXTERNAL;
--> statement-breakpoint
-- Issue 41: nothing kept by one instance alone (docs/decisions.md).
-- The request counters of the rate limits (lib/rate-limit.ts): UNLOGGED, since a counter lives one window (a minute)
-- and a crash that empties the table only resets the windows in progress; its writes skip the WAL (and the replica).
CREATE UNLOGGED TABLE "rate_limit_counter" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"window_start" bigint NOT NULL,
	"taken" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "secret_key_fingerprint" (
	"id" smallint PRIMARY KEY NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "export_job" ADD COLUMN "file_id" uuid;--> statement-breakpoint
ALTER TABLE "file_chunk" ADD CONSTRAINT "file_chunk_key_file_blob_key_fk" FOREIGN KEY ("key") REFERENCES "public"."file_blob"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A file's bytes go with its record, in the record's transaction: an upload whose stored_file row is deleted (or
-- marked deleted), an export whose row is deleted or whose file is forgotten (the purge of expired links).
CREATE FUNCTION "stored_file_remove_blob"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (OLD."deleted_at" IS NULL AND NEW."deleted_at" IS NOT NULL) THEN
    DELETE FROM "file_blob" WHERE "key" = OLD."id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stored_file_remove_blob" AFTER DELETE OR UPDATE OF "deleted_at" ON "stored_file" FOR EACH ROW EXECUTE FUNCTION "stored_file_remove_blob"();--> statement-breakpoint
CREATE FUNCTION "export_job_remove_blob"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."file_id" IS NOT NULL AND (TG_OP = 'DELETE' OR NEW."file_id" IS DISTINCT FROM OLD."file_id") THEN
    DELETE FROM "file_blob" WHERE "key" = OLD."file_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "export_job_remove_blob" AFTER DELETE OR UPDATE OF "file_id" ON "export_job" FOR EACH ROW EXECUTE FUNCTION "export_job_remove_blob"();--> statement-breakpoint
-- Each instance keeps the dictionaries in memory (modules/dictionaries/service.ts): a write to them is notified, and
-- every instance that LISTENs clears its copy (db/change-listener.ts); the copy's time to live bounds a missed notice.
-- Notifying takes a database-wide lock at commit (docs/decisions.md, issue 10), which only these rare staff writes pay.
CREATE FUNCTION "config_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mg_config_changed', TG_ARGV[0]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "dict_changed_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dict" FOR EACH STATEMENT EXECUTE FUNCTION "config_changed_notify"('dict');--> statement-breakpoint
CREATE TRIGGER "dict_item_changed_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dict_item" FOR EACH STATEMENT EXECUTE FUNCTION "config_changed_notify"('dict');
