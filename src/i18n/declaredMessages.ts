/**
 * The words a resource declares with its screen (src/api/contract/declare.ts `screen`), as the
 * messages en.ts would hold them: `screens.{name}` and `resources.{name}`. The console adds them
 * before en.ts's (consoleMessages.ts), so en.ts wins where it names the same message.
 */
import type { AnyResourceContract } from "../api/contract/declare";

export function declaredMessages(contracts: Record<string, AnyResourceContract>) {
  const declared = Object.values(contracts).flatMap(({ name, screen }) => (screen ? [[name, screen] as const] : []));
  return {
    screens: Object.fromEntries(declared.map(([name, screen]) => [name, screen.title])),
    resources: Object.fromEntries(declared.map(([name, screen]) => [name, screen.words])),
  };
}
