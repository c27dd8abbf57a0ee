-- A list's q also matches a referenced record's name: an account's or a business's owner, an
-- activity entry's actor (server/src/resources/search.ts, `through`). The users whose full name
-- matches are found first on the trigram index below (the very expression the search spells: first
-- and last name side by side, lower-cased), then the listed rows by their reference, on the B-tree
-- indexes below (the activity log's actor_id leads activity_log_actor_created_at_idx). Each is one
-- arm of the search's OR beside the listed table's own trigram index (0016), so a search that
-- matches few rows reads those indexes instead of every row.
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (lower("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_owner_id_idx" ON "accounts" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "businesses_owner_id_idx" ON "businesses" USING btree ("owner_id");
