-- The admin assignments list's total (count of every reservation) is kept in memory per instance
-- (src/server/modules/auth/auth-cache.ts); a statement that adds or removes reservations tells every instance
-- to count again. PostgreSQL sends one such notification per transaction however many statements it runs.
CREATE OR REPLACE FUNCTION auth_cache_table_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_cache', 't:' || TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER date_reservations_count_cache AFTER INSERT OR DELETE OR TRUNCATE ON date_reservations
  FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_table_notify();
