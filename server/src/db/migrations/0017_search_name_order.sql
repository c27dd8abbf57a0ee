-- The records search (server/src/search/routes.ts, inTwoParts) answers a kind's rows by title:
-- lower(title), then id. A q nearly every row holds (every test's "lot", every user's "com" on the
-- large seed) matched them all through the trigram index (0016), and all were joined and sorted for
-- 5 rows. On these indexes of the title's order the search walks the titles in order and stops after
-- 5 matches: the titles starting with q as a range (`lower(title) like 'q%'`), then, while matches
-- are dense, the others; sparse ones still come from the trigram index. Each holds exactly the
-- expression the search sorts by (a user's title is the full name). ANALYZE gathers the expressions'
-- statistics, by which the planner tells dense from sparse (PGlite runs no autovacuum; the service
-- analyzes it on every start, PostgreSQL's autovacuum only some time later).
CREATE INDEX "tests_name_lower_id_idx" ON "tests" USING btree (lower("name"), "id");--> statement-breakpoint
CREATE INDEX "users_name_lower_id_idx" ON "users" USING btree (lower("first_name" || ' ' || "last_name"), "id");--> statement-breakpoint
ANALYZE "tests";--> statement-breakpoint
ANALYZE "users";
