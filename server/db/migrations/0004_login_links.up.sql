-- Sign-in links (issue 3, login/token): the password-reset table already holds what a mailed
-- single-use link needs (SHA-256 of the token, expiry, use, newest-only per user), so a purpose
-- column lets both kinds of link share it. Every lookup filters by purpose: a sign-in link can
-- never reset a password, nor a reset link sign anyone in.

ALTER TABLE password_reset_tokens
  ADD COLUMN purpose text NOT NULL DEFAULT 'password_reset' CHECK (purpose IN ('password_reset', 'login_link'));

-- The per-minute mail limit and "only the newest works" go by user and purpose, newest first.
DROP INDEX password_reset_tokens_user;
CREATE INDEX password_reset_tokens_user ON password_reset_tokens (user_id, purpose, created_at);
