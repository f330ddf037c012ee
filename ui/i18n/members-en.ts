// Labels of the members frame: sidebar entries and header user menu (spec §2). Keys match the
// labelKey values of core/rules/permission-gates.ts. A separate catalogue so the iframe app,
// which never shows the members frame, never ships these texts.

export const membersEn = {
  'sidebar.buy': 'Buy Coins',
  'sidebar.sell': 'Sell Coins',
  'sidebar.trade': 'Trade',
  'sidebar.exchange': 'Exchange',
  'sidebar.deposit': 'Deposit',
  'sidebar.withdraw': 'Withdraw',
  'sidebar.wallets': 'Wallets',
  'sidebar.transactions': 'Transactions',
  'sidebar.merchantTransactions': 'Merchant Transactions',
  'sidebar.merchantSettlements': 'Merchant Settlements',
  'sidebar.paymentLink': 'Payment Link',
  'sidebar.accountVerification': 'Account Verification',
  'sidebar.accountValue': 'Account Value',
  'sidebar.cryptoAccounts': 'Crypto Accounts',
  'sidebar.viewAll': 'View all',
  'sidebar.addWallet': 'Add another wallet',
  'sidebar.addFirstWallet': 'Add a wallet',
  'userMenu.withdrawFiat': 'Withdraw Fiat',
  'userMenu.viewProfile': 'View Profile',
  'userMenu.verifyAccount': 'Verify Account',
  'userMenu.securitySettings': 'Security Settings',
  'userMenu.accountStatements': 'Account Statements',
  'userMenu.widgetSettings': 'Widget Settings',
  'userMenu.transactions': 'Transactions',
  'userMenu.signOut': 'Sign out',
  'userMenu.accountNumber': 'Account number',
  'userMenu.open': 'Account menu',
} as const;

export type MembersKey = keyof typeof membersEn;
export type MembersMessages = { readonly [K in MembersKey]: string };

export function isMembersKey(key: string): key is MembersKey {
  return Object.hasOwn(membersEn, key);
}
