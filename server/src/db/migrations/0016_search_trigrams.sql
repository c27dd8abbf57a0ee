-- The command palette's records search (docs/api.md "Records search", server/src/search/routes.ts)
-- matches each kind's searched fields side by side, lower-cased, anywhere (LIKE '%q%'). A B-tree
-- cannot serve a match anywhere; a trigram index (pg_trgm) can, for a q of 3 characters or more.
-- Each index holds exactly the expression the search matches (the planner uses an expression index
-- only for the identical expression): the fields joined by ' ' with || (concat_ws is only STABLE, so
-- no index may hold it; with the first field NOT NULL and a nullable one as coalesce(' ' || f, '')
-- the text is the same as concat_ws(' ', ...)). PGlite loads pg_trgm from its contrib
-- (server/src/db/client.ts, PGLITE_EXTENSIONS); PostgreSQL servers ship it (postgresql-contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "accounts_search_trgm_idx" ON "accounts" USING gin (lower("name" || ' ' || "email" || ' ' || "phone") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "businesses_search_trgm_idx" ON "businesses" USING gin (lower("name" || ' ' || "address" || ' ' || "city") gin_trgm_ops);--> statement-breakpoint
-- A user's searched email is the one it shows: a parked invitation's user shows its invitation's
-- (users/parkedInvitations.ts), which no index of users can hold. The index holds the stored email,
-- and the few parked users are found through the partial index below, then matched on the shown one.
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (lower("first_name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_parked_idx" ON "users" USING btree ("id") WHERE "email" like '%@parked.invalid';--> statement-breakpoint
CREATE INDEX "devices_search_trgm_idx" ON "devices" USING gin (lower("serial_number" || ' ' || "name" || coalesce(' ' || "phone_model", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tests_search_trgm_idx" ON "tests" USING gin (lower("name" || ' ' || "sku" || ' ' || "customer" || ' ' || "vendor_name") gin_trgm_ops);
