import { describe, expect, it } from 'vitest';
import { sidebarEntries, userMenuItems, type ProviderFlags } from '#core/rules/permission-gates.ts';
import { isMembersKey, membersEn } from './members-en.ts';
import { membersEs } from './members-es.ts';

const everything: ProviderFlags = {
  wl_id: '2',
  enable_trade: true,
  enable_exchange: true,
  enable_widget: true,
  enable_withdraw: true,
  enable_statements: true,
  hide_settlements: false,
  hide_account_verification: false,
  hide_account_value_btc: false,
};
const merchant = { fiat_withdrawals: 1, send: 1, withdrawal: 1, widget: 1 } as const;

describe('the members frame labels', () => {
  it('has a Spanish text for every English key', () => {
    expect(Object.keys(membersEs).sort()).toEqual(Object.keys(membersEn).sort());
  });

  it('has a label for every sidebar entry and user-menu item the permission gates can produce', () => {
    const keys = [...sidebarEntries(everything, merchant), ...userMenuItems(everything, merchant)].map((entry) => entry.labelKey);
    expect(keys.length).toBeGreaterThan(15);
    for (const key of keys) expect(isMembersKey(key), key).toBe(true);
  });

  it('uses the spec words for the sidebar and the menu', () => {
    expect(membersEn['sidebar.buy']).toBe('Buy Coins');
    expect(membersEn['sidebar.addWallet']).toBe('Add another wallet');
    expect(membersEn['sidebar.addFirstWallet']).toBe('Add a wallet');
    expect(membersEn['sidebar.deposit']).toBe('Deposit');
    expect(membersEn['sidebar.withdraw']).toBe('Withdraw');
    expect(membersEn['userMenu.withdrawFiat']).toBe('Withdraw Fiat');
    expect(membersEn['userMenu.signOut']).toBe('Sign out');
  });
});
