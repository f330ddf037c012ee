// Spec §2 and §6 permission gates: which sidebar entries and header user-menu items a member sees,
// and which kinds of withdrawal the Withdraw page offers.
// Two inputs: the provider's flags (white-label permissions, booleans) and the user's own
// permissions from user_info (0/1 numbers). The lists come out in the order the UI renders them,
// so the UI only maps ids to components and label keys to text.

import type { Permissions } from '../whitelabel.ts';

/** Spec §3 user_info.permissions; a field may be absent. */
export interface UserPermissions {
  fiat_withdrawals?: 0 | 1 | null;
  send?: 0 | 1 | null;
  withdrawal?: 0 | 1 | null;
  widget?: 0 | 1 | null;
}

export type ProviderFlags = Pick<
  Permissions,
  | 'wl_id'
  | 'enable_trade'
  | 'enable_exchange'
  | 'enable_widget'
  | 'enable_withdraw'
  | 'enable_statements'
  | 'hide_settlements'
  | 'hide_account_verification'
  | 'hide_account_value_btc'
>;

/** Spec §6: send permission is "1 or absent": only an explicit 0 takes it away. */
export function hasSendPermission(user: UserPermissions): boolean {
  return user.send === undefined || user.send === null || user.send === 1;
}

/** Spec §6: a merchant has permissions.fiat_withdrawals = 1. */
export function isMerchant(user: UserPermissions): boolean {
  return user.fiat_withdrawals === 1;
}

/** Spec §6: withdrawal = 1, or enable_withdraw on the provider with wl_id "2", gates Withdraw Fiat. */
export function canWithdrawFiat(provider: ProviderFlags, user: UserPermissions): boolean {
  return user.withdrawal === 1 || (provider.enable_withdraw && provider.wl_id === '2');
}

/** Spec §6: widget = 1 with enable_widget gates payment links and widget settings. */
export function canUseWidget(provider: ProviderFlags, user: UserPermissions): boolean {
  return user.widget === 1 && provider.enable_widget;
}

/** Spec §2: Account Verification / Verify Account need it not hidden and send permission. */
export function canVerifyAccount(provider: ProviderFlags, user: UserPermissions): boolean {
  return !provider.hide_account_verification && hasSendPermission(user);
}

export type WithdrawalKind = 'crypto' | 'fiat';

/**
 * The withdrawals a member may make, in the order the page shows them: crypto needs send
 * permission (spec §6: send gates the crypto accounts), fiat is Withdraw Fiat's gate.
 */
export function withdrawalKinds(provider: ProviderFlags, user: UserPermissions): WithdrawalKind[] {
  const kinds: WithdrawalKind[] = [];
  if (hasSendPermission(user)) kinds.push('crypto');
  if (canWithdrawFiat(provider, user)) kinds.push('fiat');
  return kinds;
}

export type SidebarLinkId =
  | 'buy'
  | 'sell'
  | 'trade'
  | 'exchange'
  | 'deposit'
  | 'withdraw'
  | 'wallets'
  | 'transactions'
  | 'merchantTransactions'
  | 'merchantSettlements'
  | 'paymentLink'
  | 'accountVerification';

export type SidebarEntry =
  | { kind: 'link'; id: SidebarLinkId; labelKey: string; path: string }
  /** Account Value in the user's fiat currency, and in BTC when showBtc. */
  | { kind: 'account-value'; id: 'accountValue'; labelKey: string; showBtc: boolean }
  /** Crypto Accounts list with "View all" (viewAllPath) and "Add another wallet". */
  | { kind: 'crypto-accounts'; id: 'cryptoAccounts'; labelKey: string; viewAllPath: string };

const link = (id: SidebarLinkId, path: string): SidebarEntry => ({ kind: 'link', id, labelKey: `sidebar.${id}`, path });

/**
 * The sidebar of spec §2, in order, with the gated entries left out. Paths are relative to
 * /sys-wallets. Deposit and Withdraw are ours (the spec's member routes deposit and withdrawal had
 * no entry): Deposit for every member, Withdraw when withdrawalKinds allows any.
 */
export function sidebarEntries(provider: ProviderFlags, user: UserPermissions): SidebarEntry[] {
  const entries: (SidebarEntry | false)[] = [
    link('buy', '/buy'),
    link('sell', '/sell'),
    provider.enable_trade && link('trade', '/trade'),
    provider.enable_exchange && link('exchange', '/exchange'),
    link('deposit', '/deposit'),
    withdrawalKinds(provider, user).length > 0 && link('withdraw', '/withdrawal'),
    link('wallets', '/wallets'),
    link('transactions', '/transactions'),
    isMerchant(user) && link('merchantTransactions', '/merchantTransactions'),
    isMerchant(user) && !provider.hide_settlements && link('merchantSettlements', '/merchantSettlements'),
    canUseWidget(provider, user) && link('paymentLink', '/generatePaymentLink'),
    canVerifyAccount(provider, user) && link('accountVerification', '/compliance'),
    { kind: 'account-value', id: 'accountValue', labelKey: 'sidebar.accountValue', showBtc: !provider.hide_account_value_btc },
    hasSendPermission(user) && { kind: 'crypto-accounts', id: 'cryptoAccounts', labelKey: 'sidebar.cryptoAccounts', viewAllPath: '/wallets' },
  ];
  return entries.filter((entry): entry is SidebarEntry => entry !== false);
}

export type UserMenuId =
  | 'withdrawFiat'
  | 'viewProfile'
  | 'verifyAccount'
  | 'securitySettings'
  | 'accountStatements'
  | 'widgetSettings'
  | 'transactions'
  | 'signOut';

export type UserMenuItem =
  | { kind: 'link'; id: Exclude<UserMenuId, 'signOut'>; labelKey: string; path: string }
  /** Sign out is an action (remove the token cookie, clear the user), not a page. */
  | { kind: 'sign-out'; id: 'signOut'; labelKey: string };

const item = (id: Exclude<UserMenuId, 'signOut'>, path: string): UserMenuItem => ({ kind: 'link', id, labelKey: `userMenu.${id}`, path });

/** The header user menu of spec §2, in order, gated per spec §6. Profile sections are hash links. */
export function userMenuItems(provider: ProviderFlags, user: UserPermissions): UserMenuItem[] {
  const items: (UserMenuItem | false)[] = [
    canWithdrawFiat(provider, user) && item('withdrawFiat', '/withdrawal'),
    item('viewProfile', '/profile'),
    canVerifyAccount(provider, user) && item('verifyAccount', '/compliance'),
    item('securitySettings', '/profile#security'),
    provider.enable_statements && item('accountStatements', '/profile#statements'),
    canUseWidget(provider, user) && item('widgetSettings', '/profile#widgetSettings'),
    item('transactions', '/transactions'),
    { kind: 'sign-out', id: 'signOut', labelKey: 'userMenu.signOut' },
  ];
  return items.filter((entry): entry is UserMenuItem => entry !== false);
}
