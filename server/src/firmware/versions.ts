/**
 * Ordering firmware versions (FIRMWARE_VERSION_PATTERN: semantic versions such as 4.2.1 or
 * 4.3.0-beta.1), to tell which devices a published build is newer for.
 */
const parse = (version: string) => {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:-(.+))?$/.exec(version.trim());
  if (!match) return undefined;
  return { core: [Number(match[1]), Number(match[2]), Number(match[3])], pre: match[4] };
};

/** Semantic-version order: <0, 0 or >0. A pre-release comes before its release. */
export function compareVersions(a: string, b: string): number {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return a.localeCompare(b);
  for (let i = 0; i < 3; i++) if (x.core[i] !== y.core[i]) return x.core[i]! - y.core[i]!;
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre.localeCompare(y.pre, "en", { numeric: true });
}

/** Whether `published` is newer than what a device runs; a device whose version is unknown is behind. */
export const isNewerVersion = (published: string, installed: string | null): boolean =>
  installed === null || compareVersions(published, installed) > 0;
