/**
 * The reference beside which the service's figures are read: a bare Fastify process answering
 * one JSON list from memory, with no database, guard or schema. Prints its address.
 */
import Fastify from "fastify";

const rows = Array.from({ length: 25 }, (_, i) => ({
  id: `row-${i}`,
  name: `Row ${i}`,
  createdAt: new Date(0).toISOString(),
}));
const app = Fastify({ logger: false });
app.get("/list", async () => rows);
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
console.log(`PLAIN http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
