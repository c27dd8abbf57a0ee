import { formatDistanceStrict } from "date-fns";

/**
 * How long ago an entry was, in the feed's words: "just now" under a minute (`justNow`), else
 * date-fns's "5 minutes ago". Whole units are counted down, as a clock reads: 59 minutes and a
 * half is "59 minutes ago", never "60 minutes ago" beside an older "1 hour ago".
 */
export function relativeAge(value: string, now: Date, justNow: string): string {
  const at = new Date(value);
  if (now.getTime() - at.getTime() < 60_000) return justNow;
  return formatDistanceStrict(at, now, { addSuffix: true, roundingMethod: "floor" });
}
