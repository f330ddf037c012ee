// The double-entry ledger: the one module that writes ledger_accounts' sums and
// ledger_transfers. Everything else moves money through createTransfers. See docs/ledger.md.

export { accountsById, accountsOfOwner, balanceOf, ensureAccount, ensureAccounts, findAccount } from './accounts.ts';
export { checkLedger, type LedgerCheck } from './check-ledger.ts';
export { createTransfers } from './create-transfers.ts';
export { capitalTransferId, ensureHouseAccounts, seedHouseCapital, TEST_HOUSE_CAPITAL, type HouseAccounts } from './house-capital.ts';
export {
  isResolve,
  LEDGER_ERROR_CODES,
  MAX_BATCH_SIZE,
  type Db,
  type LedgerAccount,
  type LedgerAccountKey,
  type LedgerAccountKind,
  type LedgerErrorCode,
  type LedgerItem,
  type LedgerOwner,
  type LedgerResult,
  type ResolvePendingInput,
  type TransferCode,
  type TransferInput,
} from './types.ts';
