// A refund as its merchant sees it (core/contract/refunds.ts RefundRecord): amounts from the row, the
// claim link while it can still be used (opened from its sealed token), never the token's hash.

import type { RefundRecord } from '#core/contract/refunds.ts';
import { formatMinor } from '#core/money.ts';
import type { SecretBox } from '../webhooks/secret-box.ts';
import { claimUrl } from './claim-token.ts';
import type { RefundRow } from '../db/tables/refunds.ts';

export interface AnswerDeps {
  box: SecretBox;
  publicUrl: string;
}

/** Claimable but past its expiry counts as expired for everyone, before the release job has run. */
export function effectiveStatus(row: RefundRow, now: Date): RefundRow['status'] {
  return row.status === 'claimable' && row.claim_expires_at.getTime() <= now.getTime() ? 'expired' : row.status;
}

export function refundRecord(deps: AnswerDeps, row: RefundRow, paymentToken: string, now: Date = new Date()): RefundRecord {
  const status = effectiveStatus(row, now);
  return {
    refund_id: row.public_id,
    transaction_token: paymentToken,
    status,
    currency: row.coin,
    amount: formatMinor(row.amount_minor, row.coin),
    network_fee: formatMinor(row.network_fee_minor, row.coin),
    buyer_receives: formatMinor(row.amount_minor - row.network_fee_minor, row.coin),
    buyer_email: row.buyer_email,
    claim_url: status === 'claimable' ? claimUrl(deps.publicUrl, deps.box.open(row.merchant_id, row.claim_token_sealed)) : null,
    claim_expires_at: row.claim_expires_at.toISOString(),
    address: row.address,
    txid: row.txid,
    created_at: row.created_at.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null,
  };
}
