DROP TABLE dev_outbox;
DROP TABLE identity_documents;
DROP TABLE password_reset_tokens;
DROP TABLE one_time_codes;
