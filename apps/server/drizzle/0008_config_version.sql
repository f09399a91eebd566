CREATE TABLE "config_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "config_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- Every statement that writes a configuration row the open API caches raises the version in its own transaction:
-- a reader sees the new version exactly when it can see the new rows (db/config-cache.ts).
CREATE FUNCTION "config_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "config_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
-- api_key: not for last_used_at, which every key writes once a minute (open-api/queries.ts touchKeyLastUsed) and no
-- cached read depends on; the columns listed are the ones the open API's key check reads.
CREATE TRIGGER "api_key_config_version" AFTER INSERT OR UPDATE OF "id", "merchant_id", "mode", "secret_sealed", "status", "expires_at" OR DELETE OR TRUNCATE ON "api_key" FOR EACH STATEMENT EXECUTE FUNCTION "config_version_bump"();--> statement-breakpoint
CREATE TRIGGER "merchant_config_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "merchant" FOR EACH STATEMENT EXECUTE FUNCTION "config_version_bump"();--> statement-breakpoint
CREATE TRIGGER "product_config_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product" FOR EACH STATEMENT EXECUTE FUNCTION "config_version_bump"();--> statement-breakpoint
CREATE TRIGGER "fee_rule_config_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "fee_rule" FOR EACH STATEMENT EXECUTE FUNCTION "config_version_bump"();
