ALTER TABLE "activity_log" ADD COLUMN "actor_account_id" text;--> statement-breakpoint
ALTER TABLE "activity_log" ADD COLUMN "test_account_id" text;--> statement-breakpoint
CREATE INDEX "activity_log_actor_account_idx" ON "activity_log" USING btree ("actor_account_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_log_test_account_idx" ON "activity_log" USING btree ("test_account_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_log_mark_lost_idx" ON "activity_log" USING btree ("record_id","created_at") WHERE resource = 'devices' and action = 'mark-lost';--> statement-breakpoint
-- The accounts of the entries written so far: the actor's account now, the test's account.
UPDATE "activity_log" l SET "actor_account_id" = u."account_id" FROM "users" u WHERE u."id" = l."actor_id";--> statement-breakpoint
UPDATE "activity_log" l SET "test_account_id" = t."account_id" FROM "tests" t WHERE l."resource" = 'tests' AND t."id" = l."record_id";--> statement-breakpoint
-- Every entry gets them when written, whoever writes it (the service's logActivity, a seed, a test).
CREATE OR REPLACE FUNCTION activity_log_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.actor_account_id IS NULL AND NEW.actor_id IS NOT NULL THEN
    SELECT u.account_id INTO NEW.actor_account_id FROM users u WHERE u.id = NEW.actor_id;
  END IF;
  IF NEW.test_account_id IS NULL AND NEW.resource = 'tests' THEN
    SELECT t.account_id INTO NEW.test_account_id FROM tests t WHERE t.id = NEW.record_id;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER activity_log_accounts BEFORE INSERT ON "activity_log" FOR EACH ROW EXECUTE FUNCTION activity_log_accounts();
