import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` is used: it needs no database. Migrations are applied by the
// service itself at start-up (server/src/db/migrate.ts), on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/src/db/schema.ts",
  out: "./server/src/db/migrations",
});
