/**
 * Imported first by Console.tsx: the console's messages join the translator before any of its
 * modules is evaluated, so nothing signed-in ever translates with the start-up's words only. The
 * words of a resource declared with its screen (src/api/contract/declare.ts `screen`) come first,
 * en.ts's after them.
 */
import type { TranslationMessages } from "react-admin";
import { CONTRACTS } from "../api/contract";
import { en } from "./en";
import { addMessages } from "./translate";

const declared = Object.values(CONTRACTS).flatMap(({ name, screen }) => (screen ? [[name, screen] as const] : []));
addMessages({
  screens: Object.fromEntries(declared.map(([name, screen]) => [name, screen.title])),
  resources: Object.fromEntries(declared.map(([name, screen]) => [name, screen.words])),
} as unknown as TranslationMessages);
addMessages(en);
