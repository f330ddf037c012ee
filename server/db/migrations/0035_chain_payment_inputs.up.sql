-- The outpoints ("txid:vout") spent by each Bitcoin-family transaction that pays one of our addresses while
-- its payment is open. The watcher kept them in memory only, so a payment that left the mempool while the
-- watcher was down was withdrawn as 'dropped' even when another transaction had spent its inputs (an RBF
-- replacement or a double spend): with them here, a restarted watcher still tells 'replaced' from 'dropped'.
-- A row lives as long as its payment is open: the watcher deletes it when it stops tracking the transaction.
CREATE TABLE chain_payment_inputs (
  family      text NOT NULL CHECK (family IN ('bitcoin', 'litecoin', 'bitcoincash')),
  txid        text NOT NULL CHECK (txid ~ '^[0-9a-f]{64}$'),
  outpoints   text[] NOT NULL CHECK (cardinality(outpoints) <= 10000),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (family, txid)
);
