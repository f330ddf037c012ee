import { describe, it, expect } from 'vitest';
import { fail, isSuccess, ok, type CheckoutEnvelope, type Envelope } from './envelope.ts';
import { appError } from './errors.ts';

describe('API envelope (spec §7, §8)', () => {
  it("success is request_status equal to '1' with request_details", () => {
    expect(ok({ user_token: 't' })).toEqual({ request_status: '1', request_details: { user_token: 't' } });
  });

  it("failure is request_status '0' with error_message", () => {
    const error = appError('invalid_credentials');
    expect(fail(error)).toEqual({ request_status: '0', error_message: error });
  });

  const bodies: [string, Envelope<unknown> | CheckoutEnvelope<unknown>, boolean][] = [
    ["request_status '1' is a success", ok({}), true],
    ["request_status '0' is a failure", fail(appError('not_found')), false],
    ['any request_status not 1 is a failure', { request_status: '2' } as unknown as Envelope<unknown>, false],
    ['a numeric 1 is not the string 1', { request_status: 1, request_details: {} } as unknown as Envelope<unknown>, false],
    ['checkout success true is a success', { success: true, data: {} }, true],
    ['checkout success false is a failure', { success: false, error_message: appError('not_found') }, false],
  ];
  it.each(bodies)('%s', (_name, body, expected) => {
    expect(isSuccess(body)).toBe(expected);
  });
});
