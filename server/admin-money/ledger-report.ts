// The Ledger tab: the ledger check (server/ledger/check-ledger.ts, the same function as
// `npm run ledger:check`) over the operator's provider, with its sums per asset as amounts.

import { isAsset } from '#core/assets.ts';
import type { LedgerReport } from '#core/contract/admin-money.ts';
import { formatMinor } from '#core/money.ts';
import type { Db } from '../db/db.ts';
import { checkLedger } from '../ledger/index.ts';

export async function ledgerReport(db: Db, providerId: bigint, now: Date = new Date()): Promise<LedgerReport> {
  const check = await checkLedger(db, { providerId });
  const assets = check.assets.flatMap((row) => {
    const asset = row.asset;
    // An asset the code no longer knows cannot be formatted; the check's violations still name it.
    if (!isAsset(asset)) return [];
    const f = (minor: bigint) => formatMinor(minor, asset);
    return [
      {
        asset,
        debits_posted: f(row.debitsPosted),
        credits_posted: f(row.creditsPosted),
        difference_posted: f(row.debitsPosted - row.creditsPosted),
        debits_pending: f(row.debitsPending),
        credits_pending: f(row.creditsPending),
        difference_pending: f(row.debitsPending - row.creditsPending),
      },
    ];
  });
  return { ok: check.ok, checked_at: now.toISOString(), accounts: check.accounts, transfers: check.transfers, violations: check.violations, assets };
}
