CREATE INDEX "accounts_status_created_at_idx" ON "accounts" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "accounts_subscription_status_created_at_idx" ON "accounts" USING btree ("subscription_status","created_at","id");--> statement-breakpoint
CREATE INDEX "accounts_country_created_at_idx" ON "accounts" USING btree ("country","created_at","id");--> statement-breakpoint
CREATE INDEX "users_live_role_last_name_id_idx" ON "users" USING btree ("role","last_name","id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_live_status_last_name_id_idx" ON "users" USING btree ("status","last_name","id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_business_id_idx" ON "users" USING btree ("business_id");