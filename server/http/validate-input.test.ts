import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { parseInput } from './validate-input.ts';

const Billing = v.object({
  email: v.pipe(v.string(), v.email('Enter a valid email address')),
  billing: v.object({ zipCode: v.pipe(v.string(), v.minLength(1, 'Required field')), city: v.string() }),
});

function refusal(value: unknown): ApiError {
  try {
    parseInput(Billing, value, 'body');
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected parseInput to refuse');
}

describe('parseInput', () => {
  it('returns the parsed value when it fits the schema', () => {
    const value = { email: 'a@b.co', billing: { zipCode: 'EC1A', city: 'London' }, extra: 1 };
    expect(parseInput(Billing, value, 'body')).toEqual({ email: 'a@b.co', billing: { zipCode: 'EC1A', city: 'London' } });
  });

  it('refuses with validation_failed (400) and the messages keyed by dotted field path', () => {
    const error = refusal({ email: 'nope', billing: { zipCode: '', city: 'London' } });
    expect(error.statusCode).toBe(400);
    expect(error.body).toEqual({
      code: 'validation_failed',
      message: 'Some fields are missing or invalid. Check the highlighted fields and try again.',
      fields: { email: ['Enter a valid email address'], 'billing.zipCode': ['Required field'] },
    });
  });

  it('keys a problem with the whole input by the part name', () => {
    expect(refusal(undefined).body.fields).toEqual({ body: [expect.stringContaining('Invalid type')] });
  });
});
