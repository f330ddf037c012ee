DROP FUNCTION ledger_write_batch(text[], int[], bigint[], bigint[], bigint[], text[], text[], text[]);
DROP FUNCTION ledger_batch_deltas(text[], int[], bigint[], bigint[], bigint[], text[], text[], text[]);
DROP FUNCTION ledger_batch_legs(text[], int[], bigint[], bigint[], bigint[], text[], text[], text[]);
