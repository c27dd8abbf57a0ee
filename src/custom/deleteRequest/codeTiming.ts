/**
 * When a data-deletion code can be sent again and when it stops working (docs/api.md "Public
 * flows"), from when it was sent and the service's answer. Pure, so the countdown is tested
 * without a clock.
 */
export interface CodeSent {
  /** Epoch milliseconds, the browser's clock, when the service accepted the request. */
  sentAt: number;
  codeExpiresInSeconds: number;
  resendAfterSeconds: number;
}

export interface CodeTiming {
  /** Whole seconds until Resend works; 0 once it does. */
  resendIn: number;
  /** Epoch milliseconds when the code stops working. */
  expiresAt: number;
  expired: boolean;
}

export function codeTiming(sent: CodeSent, now: number): CodeTiming {
  const resendAt = sent.sentAt + sent.resendAfterSeconds * 1000;
  const expiresAt = sent.sentAt + sent.codeExpiresInSeconds * 1000;
  return {
    resendIn: Math.max(0, Math.ceil((resendAt - now) / 1000)),
    expiresAt,
    expired: now >= expiresAt,
  };
}

/** The page's location state, when it was opened from the request page; anything else is ignored. */
export function codeSentOf(state: unknown): CodeSent | undefined {
  if (typeof state !== "object" || state === null) return undefined;
  const { sentAt, codeExpiresInSeconds, resendAfterSeconds } = state as Record<string, unknown>;
  const numbers = [sentAt, codeExpiresInSeconds, resendAfterSeconds];
  if (!numbers.every((value) => typeof value === "number" && Number.isFinite(value) && value >= 0)) return undefined;
  return {
    sentAt: sentAt as number,
    codeExpiresInSeconds: codeExpiresInSeconds as number,
    resendAfterSeconds: resendAfterSeconds as number,
  };
}

/** A code as typed: digits only, at most six (spaces and dashes from a pasted code dropped). */
export const cleanCode = (typed: string): string => typed.replace(/\D/g, "").slice(0, 6);
