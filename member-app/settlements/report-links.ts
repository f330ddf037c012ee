// A payout's report downloads: plain links, so the session rides in the HttpOnly cookie and no script
// holds the file (like the account statement). The paths come from the endpoints, never written here.

import { merchantPayoutReportCsv, merchantPayoutReportPdf } from '#core/contract/settlements.ts';
import { buildUrl } from '#ui/api/api-client.ts';

export function reportHref(apiBase: string, payoutId: string, format: 'csv' | 'pdf'): string {
  const endpoint = format === 'csv' ? merchantPayoutReportCsv : merchantPayoutReportPdf;
  return buildUrl(apiBase, endpoint.path, { payout_id: payoutId });
}

export function reportFileName(payoutId: string, format: 'csv' | 'pdf'): string {
  return `payout-${payoutId}.${format}`;
}
