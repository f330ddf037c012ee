import { describe, expect, it } from 'vitest';
import { flowGuard, type GuardInput } from './flow-guard.ts';

const built = ['/', '/buy/widget', '/details', '/test'];
const base: GuardInput = { hasCheckout: true, currentPath: '/details', built };

describe('the flow pages guard (spec §4)', () => {
  it.each<[string, Partial<GuardInput>, string | null]>([
    ['sends a visitor without the flow cookie from /details to /', { hasCheckout: false }, '/'],
    ['leaves a visitor without the flow cookie on / (the start)', { hasCheckout: false, currentPath: '/' }, null],
    ['keeps a card checkout on /details while /payment is not built', { paymentMethod: 'Credit Card' }, null],
    ['leaves /details alone before anything was paid, even with /payment built', { paymentMethod: 'Credit Card', built: [...built, '/payment'] }, null],
    ['follows the rule to /payment from another page once that page is built', { currentPath: '/processing', paymentMethod: 'Credit Card', built: [...built, '/payment'] }, '/payment'],
    ['sends a checkout without its details from /payment to /details', { currentPath: '/payment', hasDetails: false, built: [...built, '/payment'] }, '/details'],
    ['sends an authorised card from /details to /compliance', { paymentStatus: 'authorized', built: [...built, '/compliance'] }, '/compliance'],
    ['keeps an authorised card on /kyc (part of verify account)', { currentPath: '/kyc', paymentStatus: 'authorized', built: [...built, '/compliance', '/kyc'] }, null],
    ['keeps a card waiting for 3-D Secure on /processing', { currentPath: '/processing', paymentMethod: 'Credit Card', challengePending: true, built: [...built, '/payment', '/processing'] }, null],
    ['keeps an authorised card on /processing', { currentPath: '/processing', paymentStatus: 'authorized', built: [...built, '/compliance', '/processing'] }, null],
    ['keeps a bank checkout on /kyc before it is verified', { currentPath: '/kyc', paymentMethod: 'SEPA', built: [...built, '/compliance', '/kyc'] }, null],
    ['sends a paid checkout to /invoice', { paymentStatus: 'successful', built: [...built, '/invoice'] }, '/invoice'],
    ['sends a paid checkout to /invoice even before that page is built', { currentPath: '/compliance', paymentStatus: 'successful' }, '/invoice'],
    ['keeps a bank checkout where it is while /compliance is not built', { paymentMethod: 'Wire' }, null],
  ])('%s', (_name, patch, expected) => {
    expect(flowGuard({ ...base, ...patch })).toBe(expected);
  });
});
