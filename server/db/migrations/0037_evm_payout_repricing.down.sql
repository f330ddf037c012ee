ALTER TABLE chain_payouts DROP COLUMN priced_at;
ALTER TABLE chain_payouts DROP COLUMN repriced_txids;
