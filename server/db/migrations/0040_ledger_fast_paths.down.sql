DROP FUNCTION ledger_resolve_one(text, text, boolean, bigint, text, text);
DROP FUNCTION ledger_write_one(text, boolean, bigint, bigint, bigint, text, text);
ALTER FUNCTION ledger_write_batch(text[], int[], bigint[], bigint[], bigint[], text[], text[], text[]) RESET ALL;
