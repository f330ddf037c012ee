import { describe, it, expect } from 'vitest';
import { normaliseRoutePath } from './route-path.ts';

describe('normaliseRoutePath', () => {
  it.each([
    ['', '/'],
    ['/', '/'],
    ['/payment', '/payment'],
    ['/payment/', '/payment'],
    ['/register/address_details/', '/register/address_details'],
  ])('%j -> %j', (input, output) => {
    expect(normaliseRoutePath(input)).toBe(output);
  });
});
