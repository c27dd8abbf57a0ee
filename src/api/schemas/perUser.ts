/**
 * Saved queries and bookmarks (docs/api-resources.md): each super admin's own, kept by the service
 * so they follow the user to another browser. The service validates, answers and documents with
 * these schemas; the console and the tests use their static types (src/api/resources.ts).
 */
import Type from "typebox";
import { RESOURCES } from "../resources";
import { stringEnum } from "./common";

export const MAX_BOOKMARKS = 500;

const resourceSchema = stringEnum(RESOURCES);
const date = () => Type.String({ format: "date-time" });

/** What a saved query restores: react-admin's list parameters. */
export const savedQueryValueSchema = Type.Object(
  {
    filter: Type.Record(Type.String(), Type.Unknown(), { type: "object" }),
    sort: Type.Object(
      { field: Type.String({ maxLength: 100 }), order: stringEnum(["ASC", "DESC"]) },
      { additionalProperties: false },
    ),
    perPage: Type.Integer({ minimum: 1, maximum: 100 }),
    displayedFilters: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { type: "object" })),
  },
  { additionalProperties: false },
);

/** POST /api/saved-queries: a list's query under a label (unique per user and list). */
export const savedQueryCreateSchema = Type.Object(
  { resource: resourceSchema, label: Type.String({ maxLength: 200 }), value: savedQueryValueSchema },
  { additionalProperties: false },
);

/** GET /api/saved-queries?resource=accounts answers a list of them. */
export const savedQuerySchema = Type.Object({
  id: Type.String(),
  resource: resourceSchema,
  label: Type.String(),
  value: savedQueryValueSchema,
  createdAt: date(),
});

/** GET /api/bookmarks; each bookmark is labelled with its record's name as it is now. */
export const bookmarkListSchema = Type.Object({
  items: Type.Array(
    Type.Object({ resource: resourceSchema, recordId: Type.String(), label: Type.String(), createdAt: date() }),
  ),
});

/** PUT /api/bookmarks replaces the caller's whole list with this one, in its order. */
export const bookmarkListUpdateSchema = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        { resource: resourceSchema, recordId: Type.String({ minLength: 1, maxLength: 100 }) },
        { additionalProperties: false },
      ),
      { maxItems: MAX_BOOKMARKS },
    ),
  },
  { additionalProperties: false },
);
