-- Real chains: what a node watcher needs to survive reorganisations and restarts.
--   chain_blocks      the blocks a watcher has finished, per chain family, with their hash and parent: the
--                     watcher's cursor (the highest row) and the record it compares with the node's chain
--                     to find a fork point. Only the recent ones are kept (the watcher prunes old rows).
--   chain_payments    now remember the block that mined them (null in the mempool), may be 'dropped'
--                     (replaced or double spent before confirming: its detection withdrawn), and carry
--                     reorged_at when a payment that was already final left the chain (an operator's case).

ALTER TABLE chain_addresses DROP CONSTRAINT chain_addresses_network_check;
ALTER TABLE chain_addresses ADD CONSTRAINT chain_addresses_network_check CHECK (network IN ('test', 'regtest', 'main'));

CREATE TABLE chain_blocks (
  family       text NOT NULL CHECK (family IN ('bitcoin', 'litecoin', 'bitcoincash', 'ethereum')),
  height       bigint NOT NULL CHECK (height >= 0),
  hash         text NOT NULL CHECK (hash <> '' AND length(hash) <= 80),
  parent_hash  text NOT NULL CHECK (length(parent_hash) <= 80),
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (family, height)
);

ALTER TABLE chain_payments DROP CONSTRAINT chain_payments_status_check;
ALTER TABLE chain_payments DROP CONSTRAINT chain_payments_check;
ALTER TABLE chain_payments ADD CONSTRAINT chain_payments_status_check CHECK (status IN ('detected', 'confirmed', 'dropped'));
ALTER TABLE chain_payments ADD COLUMN block_height bigint NULL CHECK (block_height IS NULL OR block_height >= 0);
ALTER TABLE chain_payments ADD COLUMN block_hash text NULL CHECK (block_hash IS NULL OR length(block_hash) <= 80);
ALTER TABLE chain_payments ADD COLUMN dropped_reason text NULL CHECK (dropped_reason IS NULL OR dropped_reason IN ('replaced', 'dropped', 'reorged_out'));
ALTER TABLE chain_payments ADD COLUMN reorged_at timestamptz NULL;
ALTER TABLE chain_payments ADD CONSTRAINT chain_payments_confirmed_check CHECK ((status = 'confirmed') = (confirmations >= required_confirmations) OR status = 'dropped' OR reorged_at IS NOT NULL);
CREATE INDEX chain_payments_block ON chain_payments (asset, block_height) WHERE status = 'detected';
