import { describe, expect, it } from 'vitest';
import { methodsIn, redirectsToBank } from './frame-methods.ts';
import { flowModuleOf } from './flow-module.ts';

describe('the payment methods each flow module offers', () => {
  it.each([
    { module: 'sys-flow', online: true },
    { module: 'sys-remitflow', online: true },
    { module: 'sys-buywidget', online: false },
  ] as const)('$module: online banking offered $online', ({ module, online }) => {
    const offered = methodsIn(module);
    expect(offered.methods).toContain('Credit Card');
    expect(offered.methods).toContain('SEPA');
    expect(offered.methods.includes('Online Banking')).toBe(online);
    expect(offered.methods.includes('Online Banking ZA')).toBe(online);
    // Left out only with the sentence that says why.
    expect(offered.withoutOnlineBanking).toBe(!online);
    expect(redirectsToBank(module)).toBe(online);
  });

  it.each([
    ['sys-flow', 'sys-flow'],
    ['sys-remitflow', 'sys-remitflow'],
    ['sys-buywidget', 'sys-buywidget'],
    ['sys-widget', 'sys-flow'],
  ])('the document of %s guards as %s', (module, expected) => {
    expect(flowModuleOf(module)).toBe(expected);
  });
});
