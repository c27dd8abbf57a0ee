-- Lists that update themselves (docs/api.md "Live changes"): every committed change to a table a
-- list shows is announced on the channel list_changes as {"r": resource, "a": account id or null}.
-- The database announces it, not the routes, so no write is missed whoever makes it (a route, a job,
-- the lifecycle, a seed); NOTIFY is sent at commit (nothing for a rolled-back write) to every
-- instance listening, and identical announcements of one transaction are sent once.
--
-- Arguments: the resource, then where the row's account is: a column of the row, or
-- "table.column" for the account of the row that column points at (a test file's test).
CREATE OR REPLACE FUNCTION announce_list_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb[] := ARRAY[]::jsonb[];
  row_data jsonb;
  place text;
  account text;
  i int;
  announced boolean;
BEGIN
  IF TG_OP <> 'INSERT' THEN changed := changed || to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN changed := changed || to_jsonb(NEW); END IF;
  FOREACH row_data IN ARRAY changed LOOP
    announced := false;
    FOR i IN 1 .. TG_NARGS - 1 LOOP
      place := TG_ARGV[i];
      IF position('.' in place) > 0 THEN
        EXECUTE format('SELECT account_id FROM %I WHERE id = $1', split_part(place, '.', 1))
          INTO account USING row_data ->> split_part(place, '.', 2);
      ELSE
        account := row_data ->> place;
      END IF;
      IF account IS NOT NULL THEN
        PERFORM pg_notify('list_changes', json_build_object('r', TG_ARGV[0], 'a', account)::text);
        announced := true;
      END IF;
    END LOOP;
    -- No account (firmware, discounts, a row whose account is gone): for super admins only.
    IF NOT announced THEN
      PERFORM pg_notify('list_changes', json_build_object('r', TG_ARGV[0], 'a', null)::text);
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER accounts_list_changes AFTER INSERT OR UPDATE OR DELETE ON "accounts" FOR EACH ROW EXECUTE FUNCTION announce_list_change('accounts', 'id');--> statement-breakpoint
CREATE TRIGGER businesses_list_changes AFTER INSERT OR UPDATE OR DELETE ON "businesses" FOR EACH ROW EXECUTE FUNCTION announce_list_change('businesses', 'account_id');--> statement-breakpoint
CREATE TRIGGER users_list_changes AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION announce_list_change('users', 'account_id');--> statement-breakpoint
CREATE TRIGGER invitations_list_changes AFTER INSERT OR UPDATE OR DELETE ON "invitations" FOR EACH ROW EXECUTE FUNCTION announce_list_change('users', 'account_id');--> statement-breakpoint
CREATE TRIGGER devices_list_changes AFTER INSERT OR UPDATE OR DELETE ON "devices" FOR EACH ROW EXECUTE FUNCTION announce_list_change('devices', 'account_id');--> statement-breakpoint
CREATE TRIGGER tests_list_changes AFTER INSERT OR UPDATE OR DELETE ON "tests" FOR EACH ROW EXECUTE FUNCTION announce_list_change('tests', 'account_id', 'original_account_id');--> statement-breakpoint
CREATE TRIGGER test_files_list_changes AFTER INSERT OR UPDATE OR DELETE ON "test_files" FOR EACH ROW EXECUTE FUNCTION announce_list_change('tests', 'tests.test_id');--> statement-breakpoint
CREATE TRIGGER ai_jobs_list_changes AFTER INSERT OR UPDATE OR DELETE ON "ai_jobs" FOR EACH ROW EXECUTE FUNCTION announce_list_change('ai-jobs', 'tests.test_id');--> statement-breakpoint
CREATE TRIGGER bulk_downloads_list_changes AFTER INSERT OR UPDATE OR DELETE ON "bulk_downloads" FOR EACH ROW EXECUTE FUNCTION announce_list_change('bulk-downloads', 'users.user_id');--> statement-breakpoint
CREATE TRIGGER subscriptions_list_changes AFTER INSERT OR UPDATE OR DELETE ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION announce_list_change('subscriptions', 'account_id');--> statement-breakpoint
CREATE TRIGGER payments_list_changes AFTER INSERT OR UPDATE OR DELETE ON "payments" FOR EACH ROW EXECUTE FUNCTION announce_list_change('payments', 'account_id');--> statement-breakpoint
CREATE TRIGGER firmware_list_changes AFTER INSERT OR UPDATE OR DELETE ON "firmware" FOR EACH ROW EXECUTE FUNCTION announce_list_change('firmware');--> statement-breakpoint
CREATE TRIGGER discounts_list_changes AFTER INSERT OR UPDATE OR DELETE ON "discounts" FOR EACH ROW EXECUTE FUNCTION announce_list_change('discounts');--> statement-breakpoint
CREATE TRIGGER activity_log_list_changes AFTER INSERT OR UPDATE OR DELETE ON "activity_log" FOR EACH ROW EXECUTE FUNCTION announce_list_change('activity', 'actor_account_id', 'test_account_id');--> statement-breakpoint
CREATE TRIGGER scheduled_actions_list_changes AFTER INSERT OR UPDATE OR DELETE ON "scheduled_actions" FOR EACH ROW EXECUTE FUNCTION announce_list_change('scheduled-actions', 'account_id');--> statement-breakpoint
CREATE TRIGGER forced_resets_list_changes AFTER INSERT OR UPDATE OR DELETE ON "forced_resets" FOR EACH ROW EXECUTE FUNCTION announce_list_change('forced-resets');
