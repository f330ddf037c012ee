-- Sign-in links cannot live in a table without the purpose column: they go with it.
DELETE FROM password_reset_tokens WHERE purpose = 'login_link';
DROP INDEX password_reset_tokens_user;
CREATE INDEX password_reset_tokens_user ON password_reset_tokens (user_id, created_at);
ALTER TABLE password_reset_tokens DROP COLUMN purpose;
