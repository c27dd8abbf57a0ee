/**
 * The routes of a resource that has nothing of its own on the service, from its contract and its
 * table (tableResource.ts reads the record off it): its list, record and CSV (readRoutes), and the
 * writes its contract declares (`access.create`, `update`, `delete`) of the fields its edit form
 * saves (`editable`), checked by their declared limits and written to the table's columns of the
 * same names. A resource with checks or SQL of its own writes its routes itself, with
 * implementResource, readRoutes and writeRoutes, as the product's resources do.
 */
import { eq } from "drizzle-orm";
import type { AnyResourceContract } from "../../../src/api/contract/declare";
import { writableFields } from "../../../src/api/contract/recordSchema";
import type { Feature } from "../features";
import { readRoutes } from "./routes";
import type { TableWithId } from "../db/contractTable";
import { implementFromTable } from "./tableResource";
import { writeRoutes } from "./writeRoutes";

export const contractRoutes =
  (contract: AnyResourceContract, table: TableWithId): Feature =>
  async (app, { db }) => {
    const def = implementFromTable(contract, table);
    readRoutes(app, db, def);
    const { access, editable = [], fields: declared } = def.contract;
    const fields = writableFields(declared, editable);
    // Dates travel as ISO text; the table keeps instants.
    const columns = (body: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(body).map(([key, value]) => [
          key,
          declared[key]?.kind === "date" && typeof value === "string" ? new Date(value) : value,
        ]),
      );
    const writes = writeRoutes(app, db, def, table);
    if (access.create)
      writes.createRoute({
        summary: `Create a ${def.label}`,
        fields,
        insert: async (tx, body, { id }) => {
          await tx.insert(table).values({ ...columns(body), id });
        },
      });
    if (access.update)
      writes.updateRoute({ summary: `Update a ${def.label}`, fields, change: (body) => () => columns(body) });
    if (access.delete)
      writes.deleteRoute({
        summary: `Delete a ${def.label}`,
        remove: async (tx, { id }) => {
          await tx.delete(table).where(eq(table.id, id));
        },
      });
  };
