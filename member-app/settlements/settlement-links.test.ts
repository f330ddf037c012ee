import { describe, expect, it } from 'vitest';
import { reportFileName, reportHref } from './report-links.ts';
import { settlementTab, settlementTabPath } from './settlement-tabs.ts';

describe('the settlement sub-pages (spec §2: creditcards, widget, wire)', () => {
  it.each([
    [undefined, 'overview'],
    ['', 'overview'],
    ['creditcards', 'creditcards'],
    ['widget', 'widget'],
    ['wire', 'wire'],
    ['cards', null],
    ['WIDGET', null],
  ])('tab %s is %s', (raw, tab) => {
    expect(settlementTab(raw)).toBe(tab);
  });

  it('links each tab to its route', () => {
    expect(settlementTabPath('overview')).toBe('/merchantSettlements');
    expect(settlementTabPath('wire')).toBe('/merchantSettlements/wire');
  });
});

describe('payout report downloads', () => {
  it('link to the report endpoints with the payout id', () => {
    expect(reportHref('/v1', 'po_abcdefgh12', 'csv')).toBe('/v1/transactions/merchantPayoutReportCsv?payout_id=po_abcdefgh12');
    expect(reportHref('/v1/', 'po_abcdefgh12', 'pdf')).toBe('/v1/transactions/merchantPayoutReportPdf?payout_id=po_abcdefgh12');
    expect(reportFileName('po_abcdefgh12', 'pdf')).toBe('payout-po_abcdefgh12.pdf');
  });
});
