// Spec §7/§8: an answer is a success only when request_status is '1' (or, for the checkout
// endpoints, success is true); anything else is a failure kept whole (status, the error the server sent, the raw body), so a page can show the
// message, mark the fields, and the session store can read error_message.me.error[0].
// Results are values: a call never throws for something the server or the network said.

/** Codes the client itself gives: the network failed, or the answer was not the envelope. */
export type ClientErrorCode = 'network_error' | 'bad_response';

export interface ApiError {
  /** A code of core/errors.ts, or a ClientErrorCode. */
  code: string;
  message: string;
  /** Field errors keyed by the field's dotted path, each a list of messages. */
  fields?: Record<string, string[]>;
  /** GET /currentUser adds me.error[0] with the code (spec §7). */
  me?: { error: string[] };
  /** account_locked, code_resend_limited: whole seconds until the same request may succeed. */
  retry_after_s?: number;
}

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; error: ApiError; body: unknown };

const CLIENT_MESSAGES: Record<ClientErrorCode, string> = {
  network_error: 'We could not reach the server. Check your connection and try again.',
  bad_response: 'The server sent an answer we could not read. Please try again later.',
};

export function clientFailure(code: ClientErrorCode, status: number, body: unknown): ApiResult<never> {
  return { ok: false, status, error: { code, message: CLIENT_MESSAGES[code] }, body };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFields(value: unknown): Record<string, string[]> | undefined {
  if (!isRecord(value)) return undefined;
  const fields: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) fields[name] = messages.filter((m): m is string => typeof m === 'string');
    else if (typeof messages === 'string') fields[name] = [messages];
  }
  return fields;
}

function readError(value: unknown): ApiError | null {
  if (!isRecord(value) || typeof value.code !== 'string') return null;
  const error: ApiError = { code: value.code, message: typeof value.message === 'string' ? value.message : '' };
  const fields = readFields(value.fields);
  if (fields) error.fields = fields;
  if (typeof value.retry_after_s === 'number' && Number.isInteger(value.retry_after_s) && value.retry_after_s > 0) {
    error.retry_after_s = value.retry_after_s;
  }
  if (isRecord(value.me) && Array.isArray(value.me.error)) {
    error.me = { error: value.me.error.filter((code): code is string => typeof code === 'string') };
  }
  return error;
}

/**
 * Turns an HTTP status and parsed JSON body into a result. Both envelopes of spec §7 are read: the
 * main one ({request_status: '1', request_details}) and the checkout one ({success: true, data}).
 */
export function readEnvelope<T>(status: number, body: unknown): ApiResult<T> {
  if (!isRecord(body)) return clientFailure('bad_response', status, body);
  if (status < 400) {
    if (body.request_status === '1' && 'request_details' in body) return { ok: true, status, data: body.request_details as T };
    if (body.success === true && 'data' in body) return { ok: true, status, data: body.data as T };
  }
  const error = readError(body.error_message);
  return error ? { ok: false, status, error, body } : clientFailure('bad_response', status, body);
}

/** The code that decides where the member goes: me.error[0] when present (currentUser), else code. */
export function failureCode(error: ApiError): string {
  return error.me?.error[0] ?? error.code;
}
