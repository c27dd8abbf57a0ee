CREATE TABLE "account_counts" (
	"account_id" text PRIMARY KEY NOT NULL,
	"businesses" integer DEFAULT 0 NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	"devices" integer DEFAULT 0 NOT NULL,
	"tests" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_counts" ADD CONSTRAINT "account_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each account's counted rows (schema.ts accountCounts), kept by statement-level triggers: a
-- statement's changed rows, as transition tables, become one change per account (+1 for a row
-- counted after, -1 for one counted before; a row counted when its WHERE condition, TG_ARGV[1],
-- holds), added to the account's row in account ids' order. An account gone (deleted with its rows)
-- is left out. PostgreSQL allows transition tables only on one-event triggers: three per table.
CREATE FUNCTION count_account_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted text := format('SELECT account_id, %%s AS delta FROM %%I WHERE %s', TG_ARGV[1]);
  changes text;
BEGIN
  changes := CASE TG_OP
    WHEN 'INSERT' THEN format(counted, 1, 'new_rows')
    WHEN 'DELETE' THEN format(counted, -1, 'old_rows')
    ELSE format(counted, -1, 'old_rows') || ' UNION ALL ' || format(counted, 1, 'new_rows')
  END;
  EXECUTE format($f$
    INSERT INTO account_counts AS c (account_id, %1$I)
    SELECT d.account_id, sum(d.delta) FROM (%2$s) d JOIN accounts a ON a.id = d.account_id
    GROUP BY d.account_id HAVING sum(d.delta) <> 0 ORDER BY d.account_id
    ON CONFLICT (account_id) DO UPDATE SET %1$I = c.%1$I + excluded.%1$I
  $f$, TG_ARGV[0], changes);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER businesses_counted_inserts AFTER INSERT ON "businesses" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_account_rows('businesses', 'true');--> statement-breakpoint
CREATE TRIGGER businesses_counted_updates AFTER UPDATE ON "businesses" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_account_rows('businesses', 'true');--> statement-breakpoint
CREATE TRIGGER businesses_counted_deletes AFTER DELETE ON "businesses" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_account_rows('businesses', 'true');--> statement-breakpoint
CREATE TRIGGER users_counted_inserts AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_account_rows('users', 'deleted_at is null');--> statement-breakpoint
CREATE TRIGGER users_counted_updates AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_account_rows('users', 'deleted_at is null');--> statement-breakpoint
CREATE TRIGGER users_counted_deletes AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_account_rows('users', 'deleted_at is null');--> statement-breakpoint
CREATE TRIGGER devices_counted_inserts AFTER INSERT ON "devices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_account_rows('devices', 'true');--> statement-breakpoint
CREATE TRIGGER devices_counted_updates AFTER UPDATE ON "devices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_account_rows('devices', 'true');--> statement-breakpoint
CREATE TRIGGER devices_counted_deletes AFTER DELETE ON "devices" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_account_rows('devices', 'true');--> statement-breakpoint
CREATE TRIGGER tests_counted_inserts AFTER INSERT ON "tests" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_account_rows('tests', 'deleted_at is null');--> statement-breakpoint
CREATE TRIGGER tests_counted_updates AFTER UPDATE ON "tests" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_account_rows('tests', 'deleted_at is null');--> statement-breakpoint
CREATE TRIGGER tests_counted_deletes AFTER DELETE ON "tests" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_account_rows('tests', 'deleted_at is null');--> statement-breakpoint
-- Every account counted afresh: for the rows present now, and after a write made with triggers off
-- (bench/scale.ts's bulk copies).
CREATE FUNCTION recount_accounts() RETURNS void LANGUAGE sql AS $$
  INSERT INTO account_counts AS c (account_id, businesses, users, devices, tests)
  SELECT a.id,
    (SELECT count(*) FROM businesses x WHERE x.account_id = a.id),
    (SELECT count(*) FROM users x WHERE x.account_id = a.id AND x.deleted_at IS NULL),
    (SELECT count(*) FROM devices x WHERE x.account_id = a.id),
    (SELECT count(*) FROM tests x WHERE x.account_id = a.id AND x.deleted_at IS NULL)
  FROM accounts a
  ON CONFLICT (account_id) DO UPDATE SET businesses = excluded.businesses, users = excluded.users,
    devices = excluded.devices, tests = excluded.tests
$$;--> statement-breakpoint
SELECT recount_accounts();
