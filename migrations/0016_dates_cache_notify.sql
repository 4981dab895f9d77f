-- Members' date lists are cached per instance with the signed-in users (src/server/modules/auth/auth-cache.ts):
-- a changed reservation names its member ("d:<user ids>", old and new owner), and a change to venues or date
-- ideas (their names, addresses, dress codes show in the lists) tells every instance to read them again.
CREATE OR REPLACE FUNCTION auth_cache_dates_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_cache', 'd:' || concat_ws(',', OLD.user_id, NEW.user_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER date_reservations_dates_cache AFTER UPDATE ON date_reservations
  FOR EACH ROW EXECUTE FUNCTION auth_cache_dates_notify();
--> statement-breakpoint
CREATE TRIGGER venues_dates_cache AFTER UPDATE OR DELETE OR TRUNCATE ON venues
  FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_table_notify();
--> statement-breakpoint
CREATE TRIGGER date_ideas_dates_cache AFTER UPDATE OR DELETE OR TRUNCATE ON date_ideas
  FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_table_notify();
