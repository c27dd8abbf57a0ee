CREATE TABLE "list_totals" (
	"list" text PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "accounts_created_at_idx";--> statement-breakpoint
CREATE INDEX "accounts_created_at_idx" ON "accounts" USING btree ("created_at","id");
--> statement-breakpoint
-- The accounts not deleted (the accounts list's rows), kept in list_totals (schema.ts listTotals) by
-- statement-level triggers: a statement's changed rows (transition tables) become one change to the
-- row, written only when it is not zero, so an account's edit that leaves its status alone writes
-- nothing here.
CREATE FUNCTION count_live_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
  counted integer;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT count(*) INTO counted FROM new_rows WHERE status <> 'deleted';
    delta := delta + counted;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT count(*) INTO counted FROM old_rows WHERE status <> 'deleted';
    delta := delta - counted;
  END IF;
  IF delta <> 0 THEN
    UPDATE list_totals SET total = total + delta WHERE list = 'accounts';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER accounts_total_inserts AFTER INSERT ON "accounts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_live_accounts();--> statement-breakpoint
CREATE TRIGGER accounts_total_updates AFTER UPDATE ON "accounts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_live_accounts();--> statement-breakpoint
CREATE TRIGGER accounts_total_deletes AFTER DELETE ON "accounts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_live_accounts();--> statement-breakpoint
INSERT INTO list_totals (list, total) SELECT 'accounts', count(*) FROM accounts WHERE status <> 'deleted';--> statement-breakpoint
-- Every account counted afresh, its total too (after a write made with triggers off: bench/scale.ts's copies).
CREATE OR REPLACE FUNCTION recount_accounts() RETURNS void LANGUAGE sql AS $$
  INSERT INTO account_counts AS c (account_id, businesses, users, devices, tests)
  SELECT a.id,
    (SELECT count(*) FROM businesses x WHERE x.account_id = a.id),
    (SELECT count(*) FROM users x WHERE x.account_id = a.id AND x.deleted_at IS NULL),
    (SELECT count(*) FROM devices x WHERE x.account_id = a.id),
    (SELECT count(*) FROM tests x WHERE x.account_id = a.id AND x.deleted_at IS NULL)
  FROM accounts a
  ON CONFLICT (account_id) DO UPDATE SET businesses = excluded.businesses, users = excluded.users,
    devices = excluded.devices, tests = excluded.tests;
  INSERT INTO list_totals AS t (list, total) SELECT 'accounts', count(*) FROM accounts WHERE status <> 'deleted'
  ON CONFLICT (list) DO UPDATE SET total = excluded.total;
$$;
