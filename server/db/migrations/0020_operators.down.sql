UPDATE sessions SET end_reason = 'logout' WHERE end_reason IN ('blocked', 'operator');
ALTER TABLE sessions DROP CONSTRAINT sessions_end_reason_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_end_reason_check
  CHECK (end_reason IN ('replaced', 'logout', 'expired', 'password_changed', 'password_reset'));
ALTER TABLE users DROP COLUMN blocked_at;
DROP TABLE audit_log;
DROP FUNCTION audit_log_append_only();
DROP TABLE operator_sessions;
DROP TABLE operators;
