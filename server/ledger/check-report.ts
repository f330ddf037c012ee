// The operator's view of checkLedger: one line when the books are whole, the violations otherwise.

import { checkLedger } from './check-ledger.ts';
import type { Db } from './types.ts';

export async function ledgerCheckReport(db: Db): Promise<{ ok: boolean; text: string }> {
  const check = await checkLedger(db);
  const counts = `${check.accounts} accounts, ${check.transfers} transfers`;
  if (check.ok) return { ok: true, text: `ledger check: ok (${counts})` };
  return {
    ok: false,
    text: [`ledger check: ${check.violations.length} violation(s) (${counts})`, ...check.violations.map((line) => `  - ${line}`)].join('\n'),
  };
}
