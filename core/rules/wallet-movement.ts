// What a transaction moved in the member's own wallet, as the ledger moved it. A transaction
// record keeps `amount` and `fee` apart (amount is what was converted, sent or credited), but the
// ledger takes the fee from the same wallet when money leaves it:
//   a conversion's debit   source wallet -> house: the amount converted AND the fee (two legs)
//   a withdrawal           wallet -> world and wallet -> house fees: the amount sent AND the fee
//   a deposit or payment   world -> wallet: the amount; the fee was taken before the wallet
//   a conversion's credit  house -> target wallet: amount_2, what the quote promised
// A member reads their wallet, so every screen that says what left or arrived (the result of a
// conversion, the transaction list and its details, the statement) says this figure, and the fee
// as the part of it that was the fee. Whether anything moved at all follows the spec §4 label:
// approved moved, failed and canceled moved nothing, anything else is still on its way.

import { isAsset, type Asset } from '../assets.ts';
import { parseAmount } from '../money.ts';
import { STATUS_LABELS, transactionStatusLabel, type Transaction } from './transaction-display.ts';

export interface MovementRecord extends Transaction {
  fee: string;
  fee_currency: string;
}

/** A conversion's debit or credit row; null for every other transaction (one row). */
export type MovementSide = 'debit' | 'credit' | null;

export type MovementState = 'done' | 'pending' | 'none';

export interface WalletMovement {
  asset: Asset;
  direction: 'in' | 'out';
  /** What left or arrived in the wallet, in minor units of `asset`: on the way out, the fee included. */
  minor: bigint;
  /** The part of `minor` that was the fee; 0 when the fee did not come out of this wallet. */
  feeMinor: bigint;
  /** done: the ledger posted it; pending: on its way or reserved; none: failed or canceled, nothing moved. */
  state: MovementState;
}

function minorOf(amount: string | null | undefined, asset: Asset): bigint | null {
  const parsed = parseAmount(amount ?? '', asset);
  return parsed.ok ? parsed.minor : null;
}

/** In for deposits and payments (a merchant's customer paid in); out for withdrawals, settlements and a conversion's debit. */
export function movementDirection(record: Pick<Transaction, 'type'>, side: MovementSide): 'in' | 'out' {
  if (side) return side === 'debit' ? 'out' : 'in';
  return record.type === 'deposit' || record.type === 'payment' ? 'in' : 'out';
}

export function movementState(record: Transaction): MovementState {
  const label = transactionStatusLabel(record);
  if (label === STATUS_LABELS.approved) return 'done';
  if (label === STATUS_LABELS.failed || label === STATUS_LABELS.canceled) return 'none';
  return 'pending';
}

/** The movement of one row of `record` in the member's wallet; null when the record's amounts cannot be read. */
export function walletMovement(record: MovementRecord, side: MovementSide): WalletMovement | null {
  const credit = side === 'credit';
  const currency = credit ? record.currency_2_iso : record.currency_iso;
  if (!isAsset(currency)) return null;
  const amount = minorOf(credit ? record.amount_2 : record.amount, currency);
  if (amount === null) return null;
  const direction = movementDirection(record, side);
  let feeMinor = 0n;
  if (direction === 'out' && record.fee_currency === currency) {
    const fee = minorOf(record.fee, currency);
    if (fee === null) return null;
    feeMinor = fee;
  }
  return { asset: currency, direction, minor: amount + feeMinor, feeMinor, state: movementState(record) };
}

/**
 * What the member asked to move, for a row where nothing moved (a declined card, a cancelled
 * withdrawal): the figure they typed and will recognise. Money out: the amount and its fee, as
 * walletMovement counts it. A deposit: the charge, which is the amount credited plus a fee taken in
 * the same currency (a card deposit of €500.00 credits €487.50).
 */
export function requestedMinor(record: MovementRecord, side: MovementSide): bigint | null {
  const movement = walletMovement(record, side);
  if (!movement) return null;
  if (movement.direction === 'out' || side === 'credit' || record.fee_currency !== movement.asset) return movement.minor;
  const fee = minorOf(record.fee, movement.asset);
  return fee === null ? null : movement.minor + fee;
}
