import { describe, expect, it } from 'vitest';
import { failureCode, readEnvelope } from './api-result.ts';

describe('reading an answer', () => {
  it.each([
    ['the main envelope', 200, { request_status: '1', request_details: { a: 1 } }, { ok: true, data: { a: 1 } }],
    ['the checkout envelope', 200, { success: true, data: { source: 'test' } }, { ok: true, data: { source: 'test' } }],
    ['a main failure keeps the code', 409, { request_status: '0', error_message: { code: 'quote_expired', message: 'x' } }, { ok: false, code: 'quote_expired' }],
    ['a checkout failure keeps the code', 503, { success: false, error_message: { code: 'rates_unavailable', message: 'Some problem occurred. please try again later.' } }, { ok: false, code: 'rates_unavailable' }],
    ["request_status '1' without request_details is not an answer", 200, { request_status: '1' }, { ok: false, code: 'bad_response' }],
    ['success on an error status is a failure', 500, { success: true, data: {} }, { ok: false, code: 'bad_response' }],
    ['an array is not an envelope', 200, [], { ok: false, code: 'bad_response' }],
  ] as const)('%s', (_name, status, body, expected) => {
    const result = readEnvelope(status, body);
    if (expected.ok) expect(result).toEqual({ ok: true, status, data: expected.data });
    else expect(!result.ok && result.error.code).toBe(expected.code);
  });

  it('the code that decides where a member goes is me.error[0] when currentUser sends it', () => {
    expect(failureCode({ code: 'unauthorized', message: '', me: { error: ['expired_password'] } })).toBe('expired_password');
    expect(failureCode({ code: 'unauthorized', message: '' })).toBe('unauthorized');
  });
});
