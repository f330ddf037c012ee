import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isFollowableRedirect } from './redirect.ts';

const SHOP = 'http://127.0.0.1:4000';

describe('the SDK follows a redirect only to https or to the merchant page itself', () => {
  it.each([
    ['https anywhere', 'https://shop.example/thanks', true],
    ['the shop page itself over plain http', 'http://127.0.0.1:4000/orders/42', true],
    ['the shop root with a query', 'http://127.0.0.1:4000/?paid=1', true],
    ['plain http to another host', 'http://evil.example/', false],
    ['plain http to the same host on another port', 'http://127.0.0.1:4001/orders/42', false],
    ['a host that only starts like the shop', 'http://127.0.0.1:4000.evil.example/', false],
    ['user info that looks like the shop', 'http://127.0.0.1:4000@evil.example/', false],
    ['javascript:', 'javascript:alert(document.cookie)', false],
    ['data:', 'data:text/html,<script>alert(1)</script>', false],
    ['an https prefix with nothing after it', 'https://', false],
    ['upper-case scheme tricks', 'JAVASCRIPT:alert(1)', false],
  ])('%s', (_, url, expected) => {
    expect(isFollowableRedirect(url, SHOP)).toBe(expected);
  });
});

describe('the loader follows the same rule', () => {
  it('writes out exactly the expression of isFollowableRedirect', () => {
    const rule = /return (.+);/.exec(readFileSync(new URL('./redirect.ts', import.meta.url), 'utf8'))![1]!;
    const loader = readFileSync(new URL('./loader.ts', import.meta.url), 'utf8');
    expect(loader).toContain(rule.replace('pageOrigin', 'location.origin'));
  });
});
