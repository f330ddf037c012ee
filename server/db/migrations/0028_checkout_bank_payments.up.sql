-- A guest checkout paid by bank: a wire (Wire, SEPA, Swift) the operator matches in the console, or an
-- online banking payment the bank decides by its signed callback. Both are rows of checkout_payments,
-- like the card: the quote's figures are fixed on the row when it is made; nothing is held in the
-- ledger while it waits ('awaiting'), so a wire that never comes ('expired') or a bank that refuses
-- ('declined', 'failed') releases nothing. The status list keeps every card state (authorised and
-- voided included) so this migration and the card's can run in either order.
ALTER TABLE checkout_payments DROP CONSTRAINT checkout_payments_method_check;
ALTER TABLE checkout_payments ADD CONSTRAINT checkout_payments_method_check CHECK (method IN ('card', 'wire', 'online_banking'));
ALTER TABLE checkout_payments DROP CONSTRAINT checkout_payments_status_check;
ALTER TABLE checkout_payments ADD CONSTRAINT checkout_payments_status_check
  CHECK (status IN ('three_d_secure', 'authorized', 'captured', 'voided', 'declined', 'failed', 'awaiting', 'expired'));
DROP INDEX checkout_payments_one_live;
CREATE UNIQUE INDEX checkout_payments_one_live ON checkout_payments (checkout_id) WHERE status IN ('three_d_secure', 'authorized', 'captured', 'awaiting');

-- Only a card has a card.
ALTER TABLE checkout_payments ALTER COLUMN card DROP NOT NULL;
ALTER TABLE checkout_payments ADD CONSTRAINT checkout_payments_card_only CHECK ((method = 'card') = (card IS NOT NULL));

-- A wire: the reference the buyer quotes (provider prefix, seven characters and a check character,
-- e.g. VRD-7KQ2-M9XD), the end of its window, and what the operator entered when it arrived.
ALTER TABLE checkout_payments ADD COLUMN wire_reference text NULL UNIQUE CHECK (wire_reference ~ '^[A-Z]{3}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$');
ALTER TABLE checkout_payments ADD COLUMN window_ends_at timestamptz NULL;
ALTER TABLE checkout_payments ADD COLUMN received_at timestamptz NULL;
ALTER TABLE checkout_payments ADD CONSTRAINT checkout_payments_wire_fields CHECK ((method = 'wire') = (wire_reference IS NOT NULL AND window_ends_at IS NOT NULL));
-- An online banking payment: the bank's payment (bank_payments), whose verified callback decides it.
ALTER TABLE checkout_payments ADD COLUMN bank_payment_id text NULL UNIQUE REFERENCES bank_payments (payment_id);
-- The bank's approval page for it, so a reload or a second tab is sent to the same page.
ALTER TABLE checkout_payments ADD COLUMN bank_approval_url text NULL;
ALTER TABLE checkout_payments ADD CONSTRAINT checkout_payments_bank_fields CHECK ((method = 'online_banking') = (bank_payment_id IS NOT NULL AND bank_approval_url IS NOT NULL));

-- The console's list and the window's sweep read the awaiting wires.
CREATE INDEX checkout_payments_awaiting_wires ON checkout_payments (provider_id, window_ends_at) WHERE method = 'wire' AND status = 'awaiting';
