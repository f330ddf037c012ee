// The buyer chooses the coin of a payment created without one (POST /mapi/api/transaction/currency):
// price it at the merchant's rate now, allocate its fresh address, and start the 900 s to pay.
//
// One payment gets one coin and one address, however many tabs or retries ask at once: the choice is
// decided again under a row lock (SELECT ... FOR UPDATE) in the same transaction that allocates the
// address, so of two concurrent choices the second sees the first one's coin. The same coin again is
// answered as it is (idempotent); another coin is 409 currency_already_chosen. The rate is fetched before
// the transaction, so no lock is held across a call to the rate feed, and so is the address, taken from the
// reserve derived ahead of time (an address taken by a choice that then loses the race is simply never used).

import type { Kysely } from 'kysely';
import type { CryptoAsset } from '#core/assets.ts';
import { coinUnavailable } from '#core/chain/coin-availability.ts';
import { requiredConfirmations } from '#core/chain/confirmations.ts';
import { FAMILY_OF, type NetworkKind } from '#core/chain/networks.ts';
import type { TransactionAnswer } from '#core/contract/merchant-payments.ts';
import { currencyChoice, paymentWindow, type ChoiceDecision } from '#core/payments/currency-choice.ts';
import { amountDue } from '#core/payments/payment-rules.ts';
import { addressReserve, recordReservedAddress } from '../chain/index.ts';
import type { Database } from '../db/schema.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import type { RatesService } from '../rates/rates-service.ts';
import type { PaymentRow } from '../db/tables/payments.ts';
import { transactionAnswer } from './transaction-answer.ts';

export interface ChooseCurrencyDeps {
  db: Kysely<Database>;
  rates: RatesService;
  network: NetworkKind;
  testMode: boolean;
  /** The coins whose chain is on (app.chain.assets): the only ones a buyer may choose. */
  coins: readonly CryptoAsset[];
  /** The payment's merchant's widget_return_url, for the answer (transaction-answer.ts). */
  merchantReturnUrl: string | null;
  now?: () => Date;
}

function decide(row: PaymentRow, coin: CryptoAsset, now: Date): Exclude<ChoiceDecision, { kind: 'refused' }> {
  const decision = currencyChoice({ status: row.status, coin: row.coin, expiresAt: row.expires_at }, coin, now);
  if (decision.kind === 'refused') throw apiError(decision.code);
  return decision;
}

/** `payment` is the merchant's payment, already found by token (server/mapi/payment-lookup.ts). */
export async function chooseCurrency(deps: ChooseCurrencyDeps, payment: PaymentRow, coin: CryptoAsset): Promise<TransactionAnswer> {
  const now = deps.now ?? (() => new Date());
  // Most repeated calls (a widget reloading) end here, without a lock or a rate.
  if (decide(payment, coin, now()).kind === 'unchanged') return transactionAnswer(payment, deps);
  // After the rules above, so a payment already in this coin still answers; never an address for an off coin.
  if (!deps.coins.includes(coin)) throw new ApiError(coinUnavailable(coin, 'currency_1_iso'));

  const quoted = await deps.rates.rate(payment.provider_id, coin, payment.fiat_currency);
  if (!quoted.ok) throw apiError('rates_unavailable');
  const due = amountDue(payment.fiat_amount_minor, payment.fiat_currency, coin, quoted.rate);
  // Outside the transaction: a refill of the reserve may need the database connection (PGlite has one).
  const reserved = await addressReserve(deps.db).take(FAMILY_OF[coin]);

  const chosen = await deps.db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('payments').selectAll().where('id', '=', payment.id).forUpdate().executeTakeFirstOrThrow();
    const at = now();
    // Another request may have chosen (or the sweeper expired it) while this one fetched the rate.
    if (decide(locked, coin, at).kind === 'unchanged') return locked;
    const address = await recordReservedAddress(trx, { providerId: locked.provider_id, asset: coin, purpose: 'payment', ownerRef: locked.public_id }, reserved);
    const window = paymentWindow(at);
    return trx
      .updateTable('payments')
      .set({
        coin,
        amount_due_minor: due,
        rate: quoted.rate,
        address_id: address.id,
        address: address.address,
        required_confirmations: requiredConfirmations(coin),
        expires_at: window.expiresAt,
        monitoring_until: window.monitoringUntil,
        updated_at: at,
      })
      .where('id', '=', locked.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return transactionAnswer(chosen, deps);
}
