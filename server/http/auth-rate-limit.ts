// The per-address limit on the sign-in, registration, code and reset endpoints, on top of the
// per-account lockout: enough for a person, too few for a guessing script. One place, so every
// auth route moves together when AUTH_RATE_LIMIT_PER_MINUTE changes it.

export const DEFAULT_AUTH_RATE_LIMIT_PER_MINUTE = 20;

/** The @fastify/rate-limit route config for `perMinute` requests a minute. */
export function authRateLimit(perMinute: number = DEFAULT_AUTH_RATE_LIMIT_PER_MINUTE): { max: number; timeWindow: number } {
  return { max: perMinute, timeWindow: 60_000 };
}
