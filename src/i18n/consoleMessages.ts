/**
 * Imported first by Console.tsx: the console's messages join the translator before any of its
 * modules is evaluated, so nothing signed-in ever translates with the start-up's words only. The
 * words the resources declare with their screens come first, en.ts's after them.
 */
import type { TranslationMessages } from "react-admin";
import { CONTRACTS } from "../api/contract";
import { declaredMessages } from "./declaredMessages";
import { en } from "./en";
import { addMessages } from "./translate";

addMessages(declaredMessages(CONTRACTS) as unknown as TranslationMessages);
addMessages(en);
