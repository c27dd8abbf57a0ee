/** The records search's shapes (src/api/search.ts; docs/api.md "Records search"). */
import Type from "typebox";
import { SEARCH_KINDS, SEARCH_PER_KIND, SEARCH_Q_MAX_LENGTH } from "../search";
import { stringEnum } from "./common";

export const searchQuerySchema = Type.Object(
  {
    q: Type.String({
      minLength: 1,
      maxLength: SEARCH_Q_MAX_LENGTH,
      description:
        "What to find: part of a name, email, serial number, SKU or customer (any case), or a record's id exactly.",
    }),
  },
  { additionalProperties: false },
);

export const searchResultSchema = Type.Object({
  kind: stringEnum(SEARCH_KINDS, { description: "The record's resource: its page is the console's for that kind." }),
  id: Type.String(),
  title: Type.String({
    description:
      "What names the record: an account's, business's or test's name, a person's full name, a serial number.",
  }),
  detail: Type.String({ description: "What tells it apart (email, city, account, SKU…); may be empty." }),
});

export const searchAnswerSchema = Type.Object({
  results: Type.Array(searchResultSchema, {
    description: `At most ${SEARCH_PER_KIND} records of each kind the caller's lists show, kind by kind (accounts, businesses, users, devices, tests); within a kind, titles starting with q first, then by title.`,
  }),
});
