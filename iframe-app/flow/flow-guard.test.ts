import { describe, expect, it } from 'vitest';
import { flowGuard, type GuardInput } from './flow-guard.ts';

const built = ['/', '/buy/widget', '/details', '/test'];
const base: GuardInput = { hasCheckout: true, currentPath: '/details', built };

describe('the flow pages guard (spec §4)', () => {
  it.each<[string, Partial<GuardInput>, string | null]>([
    ['sends a visitor without the flow cookie from /details to /', { hasCheckout: false }, '/'],
    ['leaves a visitor without the flow cookie on / (the start)', { hasCheckout: false, currentPath: '/' }, null],
    ['keeps a card checkout on /details while /payment is not built', { paymentMethod: 'Credit Card' }, null],
    ['follows the rule to /payment once that page is built', { paymentMethod: 'Credit Card', built: [...built, '/payment'] }, '/payment'],
    ['sends a paid checkout to /invoice once it is built', { paymentStatus: 'successful', built: [...built, '/invoice'] }, '/invoice'],
    ['keeps a bank checkout where it is while /compliance is not built', { paymentMethod: 'Wire' }, null],
  ])('%s', (_name, patch, expected) => {
    expect(flowGuard({ ...base, ...patch })).toBe(expected);
  });
});
