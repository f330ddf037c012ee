DROP TABLE settlement_payout_items;
DROP TABLE settlement_conversions;
DROP TABLE settlement_payouts;
DROP TABLE merchant_settlement_settings;
