/**
 * The AI worker's settings, read from the environment when the app is built. They live here
 * rather than in config.ts so the AI area stays in one folder.
 */

export interface AiSettings {
  /**
   * AI_JOB_DELAY_MS: how long a job takes at least. The reference analyzer needs a few tens of
   * milliseconds, a real model seconds; the delay lets the console's polling (spec §9) be seen and
   * tested. 0 in tests.
   */
  jobDelayMs: number;
}

export const DEFAULT_AI_JOB_DELAY_MS = 6_000;

export function loadAiSettings(env: Record<string, string | undefined> = process.env): AiSettings {
  const raw = env.AI_JOB_DELAY_MS?.trim();
  if (raw === undefined || raw === "") return { jobDelayMs: DEFAULT_AI_JOB_DELAY_MS };
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 600_000) {
    throw new Error(`AI_JOB_DELAY_MS must be a whole number of milliseconds from 0 to 600000, got "${raw}"`);
  }
  return { jobDelayMs: value };
}
