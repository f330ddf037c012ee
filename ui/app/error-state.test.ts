import { describe, expect, it } from 'vitest';
import { ERRORS } from '#core/errors.ts';
import { errorFromState, userMessage } from './app-root.tsx';

describe('what the /error page shows', () => {
  it.each([
    ['status 500 and the fallback when visited directly', null, { status: 500 }],
    ['the status and message a page navigated with', { status: 503, message: 'Back soon.' }, { status: 503, message: 'Back soon.' }],
    ['the fallback sentence when the message is empty', { status: 404, message: '' }, { status: 404 }],
    ['status 500 for a status that is not an error code', { status: 200, message: 'x' }, { status: 500, message: 'x' }],
    ['status 500 for a status that is not a number', { status: '404' }, { status: 500 }],
    ['the fallback for an overlong message', { status: 500, message: 'x'.repeat(301) }, { status: 500 }],
  ])('%s', (_name, state, expected) => {
    expect(errorFromState(state)).toEqual(expected);
  });
});

describe('messages of errors caught while rendering', () => {
  it.each([
    ['the catalogue message of an AppError value', { code: 'service_unavailable', message: 'internal detail' }, 'The service is temporarily unavailable. Please try again later.'],
    ['nothing for an exception (internals stay hidden)', new TypeError('x is undefined'), undefined],
    ['nothing for an unknown code', { code: 'boom' }, undefined],
    ['nothing for a thrown string', 'boom', undefined],
  ])('%s', (_name, error, expected) => {
    expect(userMessage(error, ERRORS)).toBe(expected);
  });
});
