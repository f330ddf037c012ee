import { describe, it, expect } from 'vitest';
import {
  hasSendPermission,
  isMerchant,
  sidebarEntries,
  userMenuItems,
  withdrawalKinds,
  type ProviderFlags,
  type UserPermissions,
} from './permission-gates.ts';

/** Every flag off: the least a provider can enable. */
const provider = (flags: Partial<ProviderFlags> = {}): ProviderFlags => ({
  wl_id: '1',
  enable_trade: false,
  enable_exchange: false,
  enable_widget: false,
  enable_withdraw: false,
  enable_statements: false,
  hide_settlements: false,
  hide_account_verification: false,
  hide_account_value_btc: false,
  ...flags,
});

const sidebarIds = (p: ProviderFlags, u: UserPermissions): string[] => sidebarEntries(p, u).map((e) => e.id);
const menuIds = (p: ProviderFlags, u: UserPermissions): string[] => userMenuItems(p, u).map((e) => e.id);

describe('send permission is 1 or absent (spec §6)', () => {
  it.each<[UserPermissions, boolean]>([
    [{ send: 1 }, true],
    [{}, true],
    [{ send: null }, true],
    [{ send: 0 }, false],
  ])('%j -> %s', (user, expected) => {
    expect(hasSendPermission(user)).toBe(expected);
  });
});

describe('a merchant has permissions.fiat_withdrawals = 1 (spec §6)', () => {
  it.each<[UserPermissions, boolean]>([
    [{ fiat_withdrawals: 1 }, true],
    [{ fiat_withdrawals: 0 }, false],
    [{}, false],
  ])('%j -> %s', (user, expected) => {
    expect(isMerchant(user)).toBe(expected);
  });
});

describe('sidebar entries (spec §2)', () => {
  it('with every flag off and no user permissions: Buy Coins, Sell Coins, Deposit, Withdraw (crypto), Wallets, Transactions, Account Verification, Account Value, Crypto Accounts', () => {
    expect(sidebarIds(provider(), {})).toEqual(['buy', 'sell', 'deposit', 'withdraw', 'wallets', 'transactions', 'accountVerification', 'accountValue', 'cryptoAccounts']);
  });

  it('with everything on: every entry, in the spec order', () => {
    const all = provider({ enable_trade: true, enable_exchange: true, enable_widget: true });
    expect(sidebarIds(all, { fiat_withdrawals: 1, widget: 1, send: 1 })).toEqual([
      'buy', 'sell', 'trade', 'exchange', 'deposit', 'withdraw', 'wallets', 'transactions', 'merchantTransactions',
      'merchantSettlements', 'paymentLink', 'accountVerification', 'accountValue', 'cryptoAccounts',
    ]);
  });

  const gates: [string, string, ProviderFlags, UserPermissions, boolean][] = [
    ['Buy Coins is always shown', 'buy', provider(), { send: 0 }, true],
    ['Sell Coins is always shown', 'sell', provider(), { send: 0 }, true],
    ['Trade needs enable_trade (on)', 'trade', provider({ enable_trade: true }), {}, true],
    ['Trade needs enable_trade (off)', 'trade', provider(), {}, false],
    ['Exchange needs enable_exchange (on)', 'exchange', provider({ enable_exchange: true }), {}, true],
    ['Exchange needs enable_exchange (off)', 'exchange', provider(), {}, false],
    ['Deposit is shown to every member', 'deposit', provider(), { send: 0, withdrawal: 0 }, true],
    ['Withdraw with send permission (crypto withdrawals)', 'withdraw', provider(), { send: 1 }, true],
    ['Withdraw with send permission absent (crypto withdrawals)', 'withdraw', provider(), {}, true],
    ['Withdraw with only the Withdraw Fiat gate (withdrawal = 1)', 'withdraw', provider(), { send: 0, withdrawal: 1 }, true],
    ['Withdraw with only the Withdraw Fiat gate (enable_withdraw with wl_id 2)', 'withdraw', provider({ enable_withdraw: true, wl_id: '2' }), { send: 0 }, true],
    ['Withdraw is hidden without send permission and without Withdraw Fiat', 'withdraw', provider(), { send: 0, withdrawal: 0 }, false],
    ['Withdraw is hidden when enable_withdraw has the wrong wl_id and send is 0', 'withdraw', provider({ enable_withdraw: true, wl_id: '1' }), { send: 0 }, false],
    ['Wallets is always shown', 'wallets', provider(), { send: 0 }, true],
    ['Transactions is always shown', 'transactions', provider(), { send: 0 }, true],
    ['Merchant Transactions needs fiat_withdrawals (1)', 'merchantTransactions', provider(), { fiat_withdrawals: 1 }, true],
    ['Merchant Transactions needs fiat_withdrawals (0)', 'merchantTransactions', provider(), { fiat_withdrawals: 0 }, false],
    ['Merchant Settlements needs fiat_withdrawals and hide_settlements off', 'merchantSettlements', provider(), { fiat_withdrawals: 1 }, true],
    ['Merchant Settlements is hidden by hide_settlements', 'merchantSettlements', provider({ hide_settlements: true }), { fiat_withdrawals: 1 }, false],
    ['Merchant Settlements needs fiat_withdrawals', 'merchantSettlements', provider(), {}, false],
    ['Payment Link needs enable_widget and widget permission', 'paymentLink', provider({ enable_widget: true }), { widget: 1 }, true],
    ['Payment Link without enable_widget', 'paymentLink', provider(), { widget: 1 }, false],
    ['Payment Link without widget permission', 'paymentLink', provider({ enable_widget: true }), { widget: 0 }, false],
    ['Account Verification needs not hidden and send permission', 'accountVerification', provider(), { send: 1 }, true],
    ['Account Verification with send permission absent', 'accountVerification', provider(), {}, true],
    ['Account Verification hidden by hide_account_verification', 'accountVerification', provider({ hide_account_verification: true }), { send: 1 }, false],
    ['Account Verification without send permission', 'accountVerification', provider(), { send: 0 }, false],
    ['Account Value is always shown', 'accountValue', provider({ hide_account_value_btc: true }), { send: 0 }, true],
    ['Crypto Accounts gated by send permission (1)', 'cryptoAccounts', provider(), { send: 1 }, true],
    ['Crypto Accounts gated by send permission (absent)', 'cryptoAccounts', provider(), {}, true],
    ['Crypto Accounts gated by send permission (0)', 'cryptoAccounts', provider(), { send: 0 }, false],
  ];
  it.each(gates)('%s', (_name, id, p, u, shown) => {
    expect(sidebarIds(p, u).includes(id)).toBe(shown);
  });

  it.each([
    [false, true],
    [true, false],
  ])('Account Value in BTC unless hidden (hide_account_value_btc %s -> showBtc %s)', (hide, showBtc) => {
    const entry = sidebarEntries(provider({ hide_account_value_btc: hide }), {}).find((e) => e.id === 'accountValue');
    expect(entry).toMatchObject({ kind: 'account-value', showBtc });
  });

  it('links carry member-app paths and label keys', () => {
    const entries = sidebarEntries(provider({ enable_widget: true }), { widget: 1 });
    expect(entries.find((e) => e.id === 'deposit')).toEqual({ kind: 'link', id: 'deposit', labelKey: 'sidebar.deposit', path: '/deposit' });
    expect(entries.find((e) => e.id === 'withdraw')).toEqual({ kind: 'link', id: 'withdraw', labelKey: 'sidebar.withdraw', path: '/withdrawal' });
    expect(entries.find((e) => e.id === 'paymentLink')).toEqual({ kind: 'link', id: 'paymentLink', labelKey: 'sidebar.paymentLink', path: '/generatePaymentLink' });
    expect(entries.find((e) => e.id === 'cryptoAccounts')).toEqual({ kind: 'crypto-accounts', id: 'cryptoAccounts', labelKey: 'sidebar.cryptoAccounts', viewAllPath: '/wallets' });
  });
});

describe('the withdrawals a member may make', () => {
  const table: [string, ProviderFlags, UserPermissions, string[]][] = [
    ['crypto with send permission', provider(), { send: 1 }, ['crypto']],
    ['crypto when send permission is absent (1 or absent)', provider(), {}, ['crypto']],
    ['crypto and fiat with send and withdrawal = 1', provider(), { send: 1, withdrawal: 1 }, ['crypto', 'fiat']],
    ['crypto and fiat with enable_withdraw and wl_id 2', provider({ enable_withdraw: true, wl_id: '2' }), {}, ['crypto', 'fiat']],
    ['only fiat without send permission', provider(), { send: 0, withdrawal: 1 }, ['fiat']],
    ['none without send permission and without Withdraw Fiat', provider(), { send: 0 }, []],
  ];
  it.each(table)('%s', (_name, p, u, kinds) => {
    expect(withdrawalKinds(p, u)).toEqual(kinds);
  });
});

describe('header user menu (spec §2, §6)', () => {
  it('with every flag off: View Profile, Verify Account, Security Settings, Transactions, Sign out', () => {
    expect(menuIds(provider(), {})).toEqual(['viewProfile', 'verifyAccount', 'securitySettings', 'transactions', 'signOut']);
  });

  it('with everything on: every item, in the spec order, with profile hash sections', () => {
    const items = userMenuItems(provider({ enable_statements: true, enable_widget: true }), { withdrawal: 1, widget: 1 });
    expect(items.map((i) => [i.id, i.kind === 'link' ? i.path : i.kind])).toEqual([
      ['withdrawFiat', '/withdrawal'],
      ['viewProfile', '/profile'],
      ['verifyAccount', '/compliance'],
      ['securitySettings', '/profile#security'],
      ['accountStatements', '/profile#statements'],
      ['widgetSettings', '/profile#widgetSettings'],
      ['transactions', '/transactions'],
      ['signOut', 'sign-out'],
    ]);
  });

  const gates: [string, string, ProviderFlags, UserPermissions, boolean][] = [
    ['Withdraw Fiat: withdrawal = 1', 'withdrawFiat', provider(), { withdrawal: 1 }, true],
    ['Withdraw Fiat: withdrawal = 0 and no enable_withdraw', 'withdrawFiat', provider(), { withdrawal: 0 }, false],
    ['Withdraw Fiat: enable_withdraw with wl_id 2', 'withdrawFiat', provider({ enable_withdraw: true, wl_id: '2' }), {}, true],
    ['Withdraw Fiat: enable_withdraw with wl_id 1 is not enough', 'withdrawFiat', provider({ enable_withdraw: true, wl_id: '1' }), {}, false],
    ['Withdraw Fiat: wl_id 2 without enable_withdraw is not enough', 'withdrawFiat', provider({ wl_id: '2' }), { withdrawal: 0 }, false],
    ['View Profile is always shown', 'viewProfile', provider(), { send: 0 }, true],
    ['Verify Account needs send permission and not hidden', 'verifyAccount', provider(), { send: 1 }, true],
    ['Verify Account without send permission', 'verifyAccount', provider(), { send: 0 }, false],
    ['Verify Account hidden by hide_account_verification', 'verifyAccount', provider({ hide_account_verification: true }), {}, false],
    ['Security Settings is always shown', 'securitySettings', provider(), { send: 0 }, true],
    ['Account Statements needs enable_statements (on)', 'accountStatements', provider({ enable_statements: true }), {}, true],
    ['Account Statements needs enable_statements (off)', 'accountStatements', provider(), {}, false],
    ['Widget Settings needs widget = 1 and enable_widget', 'widgetSettings', provider({ enable_widget: true }), { widget: 1 }, true],
    ['Widget Settings without enable_widget', 'widgetSettings', provider(), { widget: 1 }, false],
    ['Widget Settings without widget = 1', 'widgetSettings', provider({ enable_widget: true }), {}, false],
    ['Transactions is always shown', 'transactions', provider(), { send: 0 }, true],
    ['Sign out is always shown', 'signOut', provider(), { send: 0 }, true],
  ];
  it.each(gates)('%s', (_name, id, p, u, shown) => {
    expect(menuIds(p, u).includes(id)).toBe(shown);
  });
});
