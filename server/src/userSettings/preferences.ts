/**
 * GET and PUT users/me/preferences (docs/api.md "User settings"): the caller's interface
 * preferences and email switches, one row per user in user_preferences (migration 0005). A user
 * with no row has DEFAULT_PREFERENCES (version 0); the first change inserts the row (version 1).
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import Type from "typebox";
import { preferencesUpdateSchema, userPreferencesSchema } from "../../../src/api/schemas/userSettings";
import {
  applyPreferencesUpdate,
  DEFAULT_PREFERENCES,
  emailNotificationsOf,
  preferencesChanges,
  type UserPreferences,
} from "../../../src/api/userSettings";
import { callerOf } from "../auth/guard";
import { userPreferences } from "../db/schema";
import { described, GUARD_REFUSALS, refusals, routeOptions } from "../docs/openapi";
import { HttpError } from "../http/errors";
import type { Tx } from "../resources/sql";
import { logOwnActivity } from "../resources/writes";
import type { Services } from "../services";
import { USER_SETTINGS_TAG } from "./tag";

type PreferencesRow = typeof userPreferences.$inferSelect;

export const PREFERENCES_CHANGED_ELSEWHERE =
  "Your preferences were changed in another window or on another device. Reload them and try again.";

const toPreferences = (row: PreferencesRow | undefined): UserPreferences =>
  row
    ? {
        theme: row.theme,
        sidebarOpen: row.sidebarOpen,
        rowsPerPage: row.rowsPerPage,
        emailNotifications: emailNotificationsOf(row.emailNotifications),
        version: row.version,
      }
    : { ...DEFAULT_PREFERENCES, emailNotifications: { ...DEFAULT_PREFERENCES.emailNotifications } };

async function storedRow(tx: Pick<Tx, "select">, userId: string, lock = false): Promise<PreferencesRow | undefined> {
  const query = tx.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** 409 with the stored preferences, so the console can show them and the user save again. */
const changedElsewhere = (current: UserPreferences) => new HttpError(409, PREFERENCES_CHANGED_ELSEWHERE, { current });

export function preferenceRoutes(app: FastifyInstance, { db }: Services): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    "/users/me/preferences",
    routeOptions("signedIn", USER_SETTINGS_TAG, "The caller's interface preferences and email notifications", {
      description: "A user who never saved any has the defaults, at version 0.",
      response: {
        200: described(userPreferencesSchema, "The caller's preferences."),
        ...refusals(GUARD_REFUSALS),
      },
    }),
    async (request) => toPreferences(await storedRow(db, callerOf(request).id)),
  );

  api.put(
    "/users/me/preferences",
    routeOptions(
      "signedIn",
      USER_SETTINGS_TAG,
      "Change some of the caller's preferences",
      {
        description:
          "Versioned: `version` is the one the change is based on (0 before the first save); a stale one answers 409 with `current`. Fields left out stay as they are. Records an activity entry `preferences` with what changed; a change that changes nothing records none.",
        body: preferencesUpdateSchema,
        response: {
          200: described(userPreferencesSchema, "The preferences now."),
          409: Type.Object(
            { message: Type.String(), current: Type.Optional(userPreferencesSchema) },
            {
              description:
                "Changed elsewhere since it was read (`current`: the stored preferences); nothing was written.",
            },
          ),
          ...refusals({ 400: true, ...GUARD_REFUSALS }),
        },
      },
      { allowedDuringGrace: true },
    ),
    async (request) => {
      const caller = callerOf(request);
      const { version, ...update } = request.body;
      return db.transaction(async (tx) => {
        const row = await storedRow(tx, caller.id, true);
        const current = toPreferences(row);
        if (current.version !== version) throw changedElsewhere(current);
        const next = applyPreferencesUpdate(current, update);
        const changes = preferencesChanges(current, next);
        if (Object.keys(changes).length === 0) return current;

        const values = { ...next, updatedAt: new Date() };
        const [written] = row
          ? await tx
              .update(userPreferences)
              .set({ ...values, version: version + 1 })
              .where(and(eq(userPreferences.userId, caller.id), eq(userPreferences.version, version)))
              .returning()
          : // Two first saves racing: the one that loses finds the row there and answers 409.
            await tx
              .insert(userPreferences)
              .values({ userId: caller.id, ...values, version: 1 })
              .onConflictDoNothing()
              .returning();
        if (!written) throw changedElsewhere(toPreferences(await storedRow(tx, caller.id)));
        await logOwnActivity(tx, caller, "preferences", changes);
        return toPreferences(written);
      });
    },
  );
}
