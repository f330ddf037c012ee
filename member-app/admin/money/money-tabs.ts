// The money area's tabs (/sys-admin/money/:tab): wires, incoming-wires (guest orders), withdrawals, payouts, ledger. The bare
// /money opens the wires, the work that arrives every day; any other tab is not a page (404).

export const MONEY_TABS = ['wires', 'incoming-wires', 'withdrawals', 'payouts', 'ledger'] as const;
export type MoneyTab = (typeof MONEY_TABS)[number];

export function moneyTab(raw: string | undefined): MoneyTab | null {
  if (raw === undefined || raw === '') return 'wires';
  return (MONEY_TABS as readonly string[]).includes(raw) ? (raw as MoneyTab) : null;
}

export function moneyTabPath(tab: MoneyTab): string {
  return `/money/${tab}`;
}
