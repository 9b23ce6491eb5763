-- Every change that can alter who a session token belongs to, or end it, signals 'session_changed'
-- on commit: each app instance LISTENs and empties its cache of verified sessions
-- (modules/sessions/cache.ts). Triggers rather than calls in services, so a new write path (or an
-- operator's UPDATE by hand) cannot forget it. last_active_at, refreshed once a minute, does not signal.
CREATE FUNCTION signal_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION signal_sessions_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM gone) THEN
    PERFORM pg_notify('session_changed', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_session_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.user_name, OLD.role, OLD.status, OLD.must_change_password, OLD.locale, OLD.deleted_at, OLD.password_hash)
    IS DISTINCT FROM (NEW.user_name, NEW.role, NEW.status, NEW.must_change_password, NEW.locale, NEW.deleted_at, NEW.password_hash))
  EXECUTE FUNCTION signal_session_changed();
--> statement-breakpoint
CREATE TRIGGER device_sessions_changed AFTER UPDATE ON device_sessions FOR EACH ROW
  WHEN ((OLD.token_hash, OLD.user_id, OLD.device_id, OLD.expires_at)
    IS DISTINCT FROM (NEW.token_hash, NEW.user_id, NEW.device_id, NEW.expires_at))
  EXECUTE FUNCTION signal_session_changed();
--> statement-breakpoint
CREATE TRIGGER device_sessions_deleted AFTER DELETE ON device_sessions REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION signal_sessions_deleted();
--> statement-breakpoint
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION signal_session_changed();
--> statement-breakpoint
CREATE TRIGGER device_sessions_truncated AFTER TRUNCATE ON device_sessions FOR EACH STATEMENT EXECUTE FUNCTION signal_session_changed();
