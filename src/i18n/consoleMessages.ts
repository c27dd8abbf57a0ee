/**
 * Imported first by Console.tsx: the console's messages join the translator before any of its
 * modules is evaluated, so nothing signed-in ever translates with the start-up's words only.
 */
import { en } from "./en";
import { addMessages } from "./translate";

addMessages(en);
