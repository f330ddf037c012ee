DELETE FROM one_time_codes WHERE purpose = 'withdrawal';
ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_purpose_check;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_purpose_check
  CHECK (purpose IN ('verify_email', 'verify_mobile', 'login', 'otp_settings'));
DROP TABLE idempotency_keys;
DROP TABLE cards;
DROP TABLE beneficiaries;
DROP TABLE money_transactions;
