-- Online banking: payments made at a bank by redirect. A row is written when the platform creates
-- the payment at the bank (pending), and takes its result only from the bank's verified, signed callback
-- (server/online-banking/). callback_id is the callback's own id: a retry or replay of one result carries
-- the same id and is acknowledged without being applied twice. Amounts are minor units of `currency`.
CREATE TABLE bank_payments (
  payment_id text PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'refused', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  callback_id text NULL UNIQUE,
  callback_received_at timestamptz NULL,
  CHECK ((status = 'pending') = (callback_received_at IS NULL))
);
