import { describe, expect, it } from 'vitest';
import { blockedReason, maintenanceArea } from './status-slugs.ts';

describe('the blocked page slug', () => {
  it.each([
    ['no slug shows the generic text', undefined, 'generic'],
    ['"country" shows the country text', 'country', 'country'],
    ['"account" shows the account text', 'account', 'account'],
    ['"ip" shows the network text', 'ip', 'ip'],
    ['an unknown slug shows the generic text, not a 404', 'sanctions', 'generic'],
    ['a differently cased slug is unknown', 'Country', 'generic'],
    ['a property name of every object is unknown', 'constructor', 'generic'],
  ])('%s', (_name, slug, expected) => {
    expect(blockedReason(slug)).toBe(expected);
  });
});

describe('the maintenance page slug', () => {
  it.each([
    ['no slug shows the generic text', undefined, 'generic'],
    ['"wallets" names the wallets', 'wallets', 'wallets'],
    ['"checkout" names the checkout', 'checkout', 'checkout'],
    ['"trading" names trading', 'trading', 'trading'],
    ['"scheduled" is planned downtime', 'scheduled', 'scheduled'],
    ['an unknown slug shows the generic text, not a 404', 'database', 'generic'],
    ['a blocked reason is not a maintenance area', 'country', 'generic'],
  ])('%s', (_name, slug, expected) => {
    expect(maintenanceArea(slug)).toBe(expected);
  });
});
