import { accessTokens, type AccessTokens } from "./auth/accessTokens";
import { resolveJwtSecret } from "./auth/jwtSecret";
import { refreshTokenStore, type RefreshTokens } from "./auth/refreshTokens";
import { signInThrottle, type SignInThrottle } from "./auth/signInThrottle";
import type { Config } from "./config";
import type { Database } from "./db/client";

/** What route handlers work with, built once per app. */
export interface Services {
  db: Database;
  config: Config;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokens;
  throttle: SignInThrottle;
}

export async function createServices(db: Database, config: Config): Promise<Services> {
  const secret = await resolveJwtSecret(db, config.jwtSecret);
  return {
    db,
    config,
    accessTokens: accessTokens(secret, config.accessTokenTtlSeconds),
    refreshTokens: refreshTokenStore(db, config.refreshTokenTtlDays),
    throttle: signInThrottle(db),
  };
}
