// The sub-pages of /merchantSettlements (spec §2): the payouts overview at the bare route, and
// creditcards, widget and wire at /merchantSettlements/:tab. Any other tab is not a page (404).

export const SETTLEMENT_TABS = ['creditcards', 'widget', 'wire'] as const;
export type SettlementTab = 'overview' | (typeof SETTLEMENT_TABS)[number];

export function settlementTab(raw: string | undefined): SettlementTab | null {
  if (raw === undefined || raw === '') return 'overview';
  return (SETTLEMENT_TABS as readonly string[]).includes(raw) ? (raw as SettlementTab) : null;
}

export function settlementTabPath(tab: SettlementTab): string {
  return tab === 'overview' ? '/merchantSettlements' : `/merchantSettlements/${tab}`;
}
