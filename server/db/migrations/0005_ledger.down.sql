DROP TABLE ledger_transfers;
DROP FUNCTION ledger_transfers_immutable();
DROP TABLE ledger_accounts;
