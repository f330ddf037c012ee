import { describe, it, expect } from 'vitest';
import { BANK_METHODS, flowRedirect, flowTarget, type FlowState } from './flow-redirect.ts';

const state = (fields: Partial<FlowState>): FlowState => ({ hasFlowToken: true, currentPath: '/details', ...fields });

describe('flow redirects by payment method and payment_status (spec §4)', () => {
  describe.each(BANK_METHODS)('%s (steps contact details, payment, verify account)', (method) => {
    const table: [string, Partial<FlowState>, string | null][] = [
      ['no status goes to /review if verified is 1', { verifiedId: 1 }, '/review'],
      ['no status goes to /compliance if verified is not 1 (3)', { verifiedId: 3 }, '/compliance'],
      ['no status goes to /compliance when verified is unknown', {}, '/compliance'],
      ['authorized goes to /review', { paymentStatus: 'authorized', verifiedId: 3 }, '/review'],
      ['authorized goes to /review even on /processing', { paymentStatus: 'authorized', currentPath: '/processing' }, '/review'],
      ['successful goes to /invoice', { paymentStatus: 'successful' }, '/invoice'],
      ['successful goes to /invoice from /processing_online', { paymentStatus: 'successful', currentPath: '/processing_online' }, '/invoice'],
      ['verified, no status: stays on /wire (the bank details after the review)', { verifiedId: 1, currentPath: '/wire' }, null],
      ['verified, no status: stays on /online_banking', { verifiedId: 1, currentPath: '/online_banking' }, null],
      ['verified, no status: stays on /processing_online', { verifiedId: 1, currentPath: '/processing_online/' }, null],
      ['not verified: /wire goes to /compliance', { verifiedId: 3, currentPath: '/wire' }, '/compliance'],
      ['verified: /payment goes to /review', { verifiedId: 1, currentPath: '/payment' }, '/review'],
    ];
    it.each(table)('%s', (_name, fields, target) => {
      expect(flowRedirect(state({ paymentMethod: method, ...fields }))).toBe(target);
    });
  });

  const others: [string, Partial<FlowState>, string | null][] = [
    ['Credit Card with no status goes to /payment', { paymentMethod: 'Credit Card' }, '/payment'],
    ['an absent payment method is Credit Card: no status goes to /payment', { paymentMethod: null }, '/payment'],
    ['Credit Card authorized goes to /compliance', { paymentMethod: 'Credit Card', paymentStatus: 'authorized' }, '/compliance'],
    ['any other method that is authorized goes to /compliance', { paymentMethod: 'Paynet', paymentStatus: 'authorized' }, '/compliance'],
    ['any other method that is authorized stays when on /processing', { paymentMethod: 'Paynet', paymentStatus: 'authorized', currentPath: '/processing' }, null],
    ['Credit Card authorized stays when on /processing', { paymentMethod: 'Credit Card', paymentStatus: 'authorized', currentPath: '/processing' }, null],
    ['any other method with no status stays', { paymentMethod: 'Paynet' }, null],
    ['successful goes to /invoice (Credit Card)', { paymentMethod: 'Credit Card', paymentStatus: 'successful' }, '/invoice'],
    ['successful goes to /invoice (any method)', { paymentMethod: 'Paynet', paymentStatus: 'successful' }, '/invoice'],
    ['without a flow token cookie the user goes to /', { hasFlowToken: false, paymentStatus: 'successful' }, '/'],
    ['without a flow token cookie on / the user stays', { hasFlowToken: false, currentPath: '/' }, null],
    ['already on the target: stay', { paymentMethod: 'Credit Card', currentPath: '/payment' }, null],
    ['already on the target with a trailing slash: stay', { paymentMethod: 'Credit Card', currentPath: '/payment/' }, null],
    ['method names are exact: "wire" is not a bank method', { paymentMethod: 'wire', verifiedId: 1 }, null],
  ];
  it.each(others)('%s', (_name, fields, target) => {
    expect(flowRedirect(state(fields))).toBe(target);
  });

  it('flowTarget reports the rule target even when the user is already there', () => {
    expect(flowTarget(state({ currentPath: '/payment' }))).toBe('/payment');
  });
});
