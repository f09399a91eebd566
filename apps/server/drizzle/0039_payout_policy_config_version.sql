-- Issue 43: a payout's create reads the merchant's payout policy from the configuration cache (db/config-cache.ts),
-- as it reads the merchant and its fee rules; a change of a policy bumps the version every open API request reads
-- with its nonce, so no instance answers from a policy another has changed.
CREATE TRIGGER "payout_policy_config_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payout_policy" FOR EACH STATEMENT EXECUTE FUNCTION "config_version_bump"();
