-- Each instance keeps signed-in users in memory (src/server/modules/auth/auth-cache.ts); these triggers tell
-- every instance, through NOTIFY auth_cache at commit, whose cached session, user or account summary changed:
-- the ids in the named columns (old and new row), or '*' to forget everything.
CREATE OR REPLACE FUNCTION auth_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o jsonb;
  n jsonb;
  ids text[] := '{}';
  c text;
BEGIN
  IF TG_LEVEL = 'STATEMENT' OR TG_ARGV[0] = '*' THEN
    PERFORM pg_notify('auth_cache', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN o := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN n := to_jsonb(NEW); END IF;
  FOREACH c IN ARRAY TG_ARGV LOOP
    ids := ids || (o ->> c) || (n ->> c);
  END LOOP;
  PERFORM pg_notify('auth_cache', array_to_string(ids, ','));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_auth_cache AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION auth_cache_notify('id', 'partner_id');
--> statement-breakpoint
-- Not on last_seen_at, which every active session updates every few minutes.
CREATE TRIGGER sessions_auth_cache AFTER DELETE OR UPDATE OF sid, user_id, expire ON sessions
  FOR EACH ROW EXECUTE FUNCTION auth_cache_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER user_preferences_auth_cache AFTER INSERT OR UPDATE OR DELETE ON user_preferences
  FOR EACH ROW EXECUTE FUNCTION auth_cache_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER offer_code_usage_auth_cache AFTER INSERT OR UPDATE OR DELETE ON offer_code_usage
  FOR EACH ROW EXECUTE FUNCTION auth_cache_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER offer_codes_auth_cache AFTER UPDATE OR DELETE ON offer_codes
  FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_notify('*');
--> statement-breakpoint
CREATE TRIGGER users_auth_cache_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_notify('*');
--> statement-breakpoint
CREATE TRIGGER sessions_auth_cache_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_notify('*');
--> statement-breakpoint
CREATE TRIGGER user_preferences_auth_cache_truncate AFTER TRUNCATE ON user_preferences
  FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_notify('*');
--> statement-breakpoint
CREATE TRIGGER offer_code_usage_auth_cache_truncate AFTER TRUNCATE ON offer_code_usage
  FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_notify('*');
--> statement-breakpoint
CREATE TRIGGER offer_codes_auth_cache_truncate AFTER TRUNCATE ON offer_codes
  FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_notify('*');
