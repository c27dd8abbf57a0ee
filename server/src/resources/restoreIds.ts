/**
 * The body and answer of Recover's "restore these" calls (deleted tests, deleted accounts): a list
 * of ids restored all together or not at all.
 */
import Type from "typebox";

/** Recover lists page by tens; a selection of up to 100 rows is one call. */
const MAX_RESTORED = 100;

export const restoreIdsBody = (what: string) =>
  Type.Object(
    {
      ids: Type.Array(Type.String({ maxLength: 100 }), {
        minItems: 1,
        maxItems: MAX_RESTORED,
        uniqueItems: true,
        description: `The ${what} to restore: all of them, or none when one cannot be.`,
      }),
    },
    { additionalProperties: false },
  );

export const restoredIdsAnswer = (restored: string) =>
  Type.Object({ data: Type.Array(Type.String(), { description: "The ids restored." }) }, { description: restored });
