// The shop's one way to talk to the platform's merchant API: JSON over HTTPS (plain HTTP locally), the
// platform's envelope unwrapped into a value. Refusals and an unreachable platform are values too, so a
// route can answer the buyer with the platform's own words.

/** A refusal carries the platform's error code (core/errors.ts names them) when it sent one. */
export type PlatformAnswer = { ok: true; details: Record<string, unknown> } | { ok: false; status: number; code: string | null; message: string };

/** Put a limit on everything: a platform that hangs must not hang the shop's request with it. */
const TIMEOUT_MS = 10_000;

/** POSTs `body` to `path`; the envelope is { request_status: '1', request_details } or { error_message }. */
export async function callPlatform(platformUrl: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<PlatformAnswer> {
  try {
    const response = await fetch(new URL(path, platformUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const answer = (await response.json()) as { request_details?: Record<string, unknown>; error_message?: { code?: string; message?: string } };
    if (response.ok && answer.request_details) return { ok: true, details: answer.request_details };
    return { ok: false, status: response.status, code: answer.error_message?.code ?? null, message: answer.error_message?.message ?? `the platform answered ${response.status}` };
  } catch (error) {
    return { ok: false, status: 0, code: null, message: `the platform is unreachable (${error instanceof Error ? error.message : 'unknown error'})` };
  }
}

/** A field the platform may leave null until the buyer has chosen a coin. */
export function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
