-- EVM payouts re-priced when they sit unmined (server/chain/payouts/evm-payout.ts): a replacement is signed with
-- the SAME nonce and higher fees, and the transaction it replaces can still be mined instead of it, so the
-- payout must know every hash it put on the node for that nonce. Whichever one is mined completes the payout.
--   repriced_txids  hashes signed for the current nonce before the current txid (oldest first); cleared with the
--                   nonce when the payout is sent again under a new one (they go to replaced_txids then)
--   priced_at       when the current fees were signed: the re-pricing wait counts from here
ALTER TABLE chain_payouts ADD COLUMN repriced_txids text[] NOT NULL DEFAULT '{}';
ALTER TABLE chain_payouts ADD COLUMN priced_at timestamptz NULL;
