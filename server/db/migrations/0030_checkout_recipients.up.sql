-- The remittance flow's recipient: a remit checkout is paid by the sender (the flow user) and delivered
-- to someone else, named here with how they are told (e-mail or SMS) and what they receive: coins at an
-- address (the checkout's crypto_address, as the buy flow delivers them) or fiat at an IBAN, paid out
-- through the bank. One recipient per checkout; it can change only while nothing has been paid.
CREATE TABLE checkout_recipients (
  checkout_id      bigint PRIMARY KEY REFERENCES guest_checkouts (id) ON DELETE CASCADE,
  name             text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  notify_by        text NOT NULL CHECK (notify_by IN ('email', 'sms')),
  -- The e-mail address or the mobile number in international format, as notify_by says.
  notify_to        text NOT NULL CHECK (length(notify_to) BETWEEN 3 AND 254),
  locale           text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'es')),
  receives         text NOT NULL CHECK (receives IN ('crypto', 'fiat')),
  -- Fiat at an IBAN: the account (normalised, no spaces) and its holder's name; NULL for crypto.
  iban             text NULL CHECK (iban IS NULL OR iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$'),
  account_holder   text NULL,
  -- The bank's id of the payout (bpo_…), once it answered; the checkout's delivery_txid holds it too.
  bank_payout_id   text NULL,
  -- A worker asking the bank for the payout holds it until then (no database transaction stays open over
  -- the bank's HTTP call); a crashed worker's claim lapses and the next asks again with the same reference.
  payout_claimed_until timestamptz NULL,
  -- Set when the recipient's message was sent: it goes once.
  notified_at      timestamptz NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CHECK ((receives = 'fiat') = (iban IS NOT NULL AND account_holder IS NOT NULL))
);
-- The notification sweep reads delivered remittances whose recipient has not been told.
CREATE INDEX checkout_recipients_unnotified ON checkout_recipients (checkout_id) WHERE notified_at IS NULL;

-- A remittance of fiat to an IBAN in the same currency is priced like any checkout, by a quote owned by the
-- checkout, from the fiat to itself (rate 1, the provider's payout fee): only a member's quote must convert.
-- (quotes_check is the name PostgreSQL gave 0007's unnamed `CHECK (to_asset <> from_asset)`.)
ALTER TABLE quotes DROP CONSTRAINT quotes_check;
ALTER TABLE quotes ADD CONSTRAINT quotes_converts_unless_checkout CHECK (to_asset <> from_asset OR checkout_id IS NOT NULL);
