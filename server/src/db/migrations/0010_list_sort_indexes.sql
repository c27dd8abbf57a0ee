CREATE INDEX "businesses_name_id_idx" ON "businesses" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "devices_last_seen_list_idx" ON "devices" USING btree ("last_seen_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "scheduled_actions_run_at_id_idx" ON "scheduled_actions" USING btree ("run_at","id");--> statement-breakpoint
CREATE INDEX "tests_live_account_idx" ON "tests" USING btree ("account_id") WHERE "tests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_live_last_name_id_idx" ON "users" USING btree ("last_name","id") WHERE "users"."deleted_at" is null;