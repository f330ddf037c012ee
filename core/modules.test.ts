import { describe, it, expect } from 'vitest';
import { MODULES, MODULE_APP, MODULE_PAGES, MODULE_ROUTES, hasModulePage, isModuleName, matchesModuleRoute, type ModuleName } from './modules.ts';

describe('modules of spec §2', () => {
  it('are the eight module directories and the operator console', () => {
    expect([...MODULES].sort()).toEqual(
      ['sys-admin', 'sys-blocked', 'sys-buywidget', 'sys-flow', 'sys-maintenance', 'sys-markets', 'sys-remitflow', 'sys-wallets', 'sys-widget'],
    );
  });

  it('the operator console is a member-app module with every area declared, /login and / built first', () => {
    expect(MODULE_APP['sys-admin']).toBe('member-app');
    for (const path of ['/login', '/', '/compliance', '/compliance/:userId', '/members', '/members/:id', '/money', '/money/:tab', '/chains', '/merchants', '/merchants/:id', '/fees', '/whitelabel', '/audit', '/error']) {
      expect(MODULE_ROUTES['sys-admin']).toContain(path);
    }
    expect(MODULE_PAGES['sys-admin']).toEqual(expect.arrayContaining(['/login', '/']));
    expect(hasModulePage('sys-admin', '/login')).toBe(true);
    expect(MODULE_PAGES['sys-admin']).toEqual(expect.arrayContaining(['/money', '/money/:tab']));
  });

  it('the widget and flow modules are served by the iframe app, the rest by the member app', () => {
    const iframe = MODULES.filter((m) => MODULE_APP[m] === 'iframe-app').sort();
    expect(iframe).toEqual(['sys-buywidget', 'sys-flow', 'sys-remitflow', 'sys-widget']);
  });

  it('every module has an /error route (where a missing configuration lands)', () => {
    for (const m of MODULES) expect(MODULE_ROUTES[m]).toContain('/error');
  });

  it.each([
    ['sys-wallets', true],
    ['sys-flow', true],
    ['sys-nope', false],
    ['', false],
    ['SYS-WALLETS', false],
  ])('isModuleName(%j) is %s', (name, expected) => {
    expect(isModuleName(name)).toBe(expected);
  });
});

describe('matchesModuleRoute', () => {
  const table: [ModuleName, string, boolean][] = [
    ['sys-wallets', '/', true],
    ['sys-wallets', '', true],
    ['sys-wallets', '/login', true],
    ['sys-wallets', '/login/', true],
    ['sys-wallets', '/login/token', true],
    ['sys-wallets', '/register/address_details', true],
    ['sys-wallets', '/wallets/BTC', true],
    ['sys-wallets', '/wallets/', true],
    ['sys-wallets', '/wallets/BTC/extra', false],
    ['sys-wallets', '/merchantSettlements/creditcards', true],
    ['sys-wallets', '/profile', true],
    ['sys-wallets', '/processing_online', true],
    ['sys-wallets', '/refund', true],
    ['sys-wallets', '/refund/extra', false],
    ['sys-wallets', '/invoice', false],
    ['sys-wallets', '/nope', false],
    ['sys-wallets', '/Login', false],
    ['sys-wallets', '//login', false],
    ['sys-flow', '/buy/widget', true],
    ['sys-flow', '/online_banking', true],
    ['sys-flow', '/invoice', true],
    ['sys-flow', '/test', true],
    ['sys-flow', '/wallets', false],
    ['sys-remitflow', '/details', true],
    ['sys-widget', '/payment-detected', true],
    ['sys-widget', '/redirect', true],
    ['sys-widget', '/timer', false],
    ['sys-markets', '/prices', true],
    ['sys-markets', '/prices/bitcoin', true],
    ['sys-markets', '/prices/', true],
    ['sys-blocked', '/', true],
    ['sys-blocked', '/country', true],
    ['sys-blocked', '/country/extra', false],
    ['sys-maintenance', '/', true],
    ['sys-maintenance', '/upgrade', true],
    ['sys-buywidget', '/', true],
    ['sys-buywidget', '/payment', true],
    ['sys-buywidget', '/details', true],
    ['sys-buywidget', '/buy/widget', false],
    ['sys-buywidget', '/test', false],
  ];
  it.each(table)('%s %j -> %s', (module, path, expected) => {
    expect(matchesModuleRoute(module, path)).toBe(expected);
  });
});

describe('hasModulePage: a route of the spec answers 200 only once its page is built', () => {
  const table: [ModuleName, string, boolean][] = [
    ['sys-wallets', '/wallets/BTC', true],
    ['sys-wallets', '/login/', true],
    ['sys-wallets', '/merchantSettlements', true],
    ['sys-wallets', '/merchantSettlements/widget', true],
    ['sys-wallets', '/refund', true],
    ['sys-wallets', '/compliance', true],
    ['sys-admin', '/compliance', true],
    ['sys-admin', '/compliance/1031', true],
    ['sys-wallets', '/processing_online', true],
    ['sys-wallets', '/nowhere', false],
    ['sys-flow', '/details', true],
    ['sys-flow', '/buy/widget', true],
    ['sys-flow', '/payment', true],
    ['sys-flow', '/kyc', true],
    ['sys-flow', '/invoice', true],
    ['sys-remitflow', '/details', true],
    ['sys-remitflow', '/invoice', true],
    ['sys-remitflow', '/payment', true],
    ['sys-remitflow', '/compliance', true],
    ['sys-remitflow', '/processing_online', true],
    ['sys-remitflow', '/buy/widget', false],
    ['sys-flow', '/error', true],
    ['sys-markets', '/prices', true],
    ['sys-markets', '/prices/bitcoin/chart', false],
    ['sys-widget', '/payment', true],
    ['sys-blocked', '/country', true],
    ['sys-buywidget', '/', true],
    ['sys-buywidget', '/details', true],
  ];
  it.each(table)('%s %j -> %s', (module, path, expected) => {
    expect(hasModulePage(module, path)).toBe(expected);
  });

  it('the buy widget has a page at each flow step the flow has, and only those, besides its start', () => {
    const steps = MODULE_PAGES['sys-flow'].filter((page) => !['/', '/buy/widget', '/test'].includes(page));
    expect([...MODULE_PAGES['sys-buywidget']].sort()).toEqual(['/', ...steps].sort());
  });

  it('every page is at a route of the spec', () => {
    for (const module of MODULES) for (const page of MODULE_PAGES[module]) expect(MODULE_ROUTES[module]).toContain(page);
  });
});
