DROP TABLE chain_payouts;
