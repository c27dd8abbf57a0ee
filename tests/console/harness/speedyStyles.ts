import { __unsafe_useEmotionCache, type EmotionCache } from "@emotion/react";
import { cleanup, render } from "@testing-library/react";
import { createElement } from "react";

/** Whether jsdom cannot parse the selector of this style rule (an @-rule has none of its own). */
function unparsableSelector(rule: string): boolean {
  if (rule.startsWith("@")) return false;
  try {
    document.documentElement.matches(rule.slice(0, rule.indexOf("{")));
    return false;
  } catch {
    return true;
  }
}

/**
 * MUI's styles go into the page as production's do: rules inserted into one style sheet, rather
 * than emotion's development default of one <style> element per rule. jsdom walks every sheet
 * for each computed style Testing Library asks (visibility, accessible names), and thousands of
 * <style> elements made that about a fifth of the console tests' time (82.8 → 65.5 CPU-s on six
 * heavy files). A rule whose selector jsdom cannot parse (another engine's pseudo-element, say
 * `::-moz-placeholder`) is left out: jsdom never applies it, but parsed it again, and failed, for
 * every element it computed a style of. What applies, and so what is hidden, is the same.
 */
export function insertStylesAsProductionDoes(): void {
  let cache: EmotionCache | undefined;
  function ReadCache() {
    cache = __unsafe_useEmotionCache() as EmotionCache;
    return null;
  }
  render(createElement(ReadCache));
  cleanup();
  const { sheet } = cache!;
  sheet.isSpeedy = true;
  const insert = sheet.insert.bind(sheet);
  sheet.insert = (rule: string) => {
    if (!unparsableSelector(rule)) insert(rule);
  };
}
