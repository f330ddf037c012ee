import { describe, expect, it } from 'vitest';
import { RETURN_URL_MAX_LENGTH, returnUrlProblem } from './return-url.ts';

const LONGEST = `https://shop.example.com/thanks?o=${'x'.repeat(RETURN_URL_MAX_LENGTH - 34)}`;

describe('a payment return URL', () => {
  it.each([
    { case: 'an https URL', url: 'https://shop.example.com/thanks?order=17', mode: 'live' },
    { case: 'an http URL in test mode', url: 'http://localhost:4182/orders/17', mode: 'test' },
    { case: `a URL of exactly ${RETURN_URL_MAX_LENGTH} characters`, url: LONGEST, mode: 'live' },
  ] as const)('takes $case', ({ url, mode }) => {
    expect(url.length).toBeLessThanOrEqual(RETURN_URL_MAX_LENGTH);
    expect(returnUrlProblem(url, mode)).toBeNull();
  });

  it.each([
    { case: 'a javascript: URL', url: 'javascript:alert(document.cookie)', mode: 'test', says: /http\(s\) URL/ },
    { case: 'a data: URL', url: 'data:text/html,<script>alert(1)</script>', mode: 'test', says: /http\(s\) URL/ },
    { case: 'an ftp URL', url: 'ftp://shop.example.com/thanks', mode: 'test', says: /http\(s\) URL/ },
    { case: 'a relative path', url: '/thanks', mode: 'test', says: /full URL/ },
    { case: 'a host without a scheme', url: 'shop.example.com/thanks', mode: 'test', says: /full URL/ },
    { case: 'an http URL in live mode', url: 'http://shop.example.com/thanks', mode: 'live', says: /https:\/\// },
    { case: `a URL of ${RETURN_URL_MAX_LENGTH + 1} characters`, url: `${LONGEST}x`, mode: 'test', says: /at most 2000 characters/ },
  ] as const)('refuses $case, saying what to send', ({ url, mode, says }) => {
    expect(returnUrlProblem(url, mode)).toMatch(says);
  });
});
