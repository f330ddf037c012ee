-- Merchant payments created in ONE call, however many (server/payments/insert-created-payments.ts, fed
-- by the group commit of created-payment-writer.ts): per payment, its address row when it has a coin, the
-- payment with the merchant fee that applies now, its 'payment.created' history row, its webhook outbox row
-- and its Idempotency-Key, stored done with the create's answer. The arrays are the payments' columns, one
-- element each. The key goes in first, ON CONFLICT DO NOTHING, and only a payment whose key went in (or
-- that has none) is written after it, so a taken key writes nothing of its payment and its neighbours do
-- not notice; two payments of one call must not share a key. Answers the tokens of the payments written.
--
-- A function so that its one statement is planned once per connection: as a plain statement its plan took
-- 1.1 ms of a 2.7 ms call for one payment on PGlite, planned again every time. The plan is generic from the
-- start (a custom plan per call is what this avoids), and every lookup in it is by a unique index (the
-- merchant, its user and provider, its webhook row, the key's arbiter) whatever the statistics say.
--
-- Two rules are spelled here as well as in TypeScript, and tests hold each pair to the same answers: the
-- merchant fee (a merchant's own fee_bps, else its provider's merchant_fee_bps: core/payments/merchant-fee.ts,
-- server/fees/merchant-fees.test.ts) and the outbox's status (pending when the merchant has a webhook URL,
-- else no_endpoint: enqueueWebhookEvent, server/payments/create-payment.test.ts).
CREATE FUNCTION create_payments(
  p_ord int[], p_public_id text[], p_provider_id bigint[], p_merchant_id bigint[], p_coin text[], p_fiat_currency text[],
  p_fiat_amount_minor bigint[], p_amount_due_minor bigint[], p_rate text[], p_product text[], p_c1 text[], p_c2 text[],
  p_c3 text[], p_c4 text[], p_return_url text[], p_required_confirmations int[], p_expires_at timestamptz[],
  p_monitoring_until timestamptz[], p_address text[], p_family text[], p_network text[], p_derivation_index bigint[],
  p_event_data text[], p_webhook_body text[], p_webhook_now timestamptz[], p_key_scope text[], p_key text[],
  p_key_request_hash text[], p_key_state text[], p_key_response_status int[], p_key_response_body text[], p_key_expires_at timestamptz[])
RETURNS SETOF text LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
AS $fn$
BEGIN
  RETURN QUERY
    WITH input AS (
      SELECT * FROM unnest(p_ord, p_public_id, p_provider_id, p_merchant_id, p_coin, p_fiat_currency, p_fiat_amount_minor, p_amount_due_minor, p_rate,
        p_product, p_c1, p_c2, p_c3, p_c4, p_return_url, p_required_confirmations, p_expires_at, p_monitoring_until,
        p_address, p_family, p_network, p_derivation_index, p_event_data, p_webhook_body, p_webhook_now,
        p_key_scope, p_key, p_key_request_hash, p_key_state, p_key_response_status, p_key_response_body, p_key_expires_at)
      AS i (ord, public_id, provider_id, merchant_id, coin, fiat_currency, fiat_amount_minor, amount_due_minor, rate,
              product, c1, c2, c3, c4, return_url, required_confirmations, expires_at, monitoring_until,
              address, family, network, derivation_index, event_data, webhook_body, webhook_now,
              key_scope, key, key_request_hash, key_state, key_response_status, key_response_body, key_expires_at)
    ),
    stored_key AS (
      INSERT INTO idempotency_keys AS ik (scope, key, request_hash, state, response_status, response_body, expires_at)
      SELECT i.key_scope, i.key, i.key_request_hash, i.key_state, i.key_response_status, i.key_response_body::jsonb, i.key_expires_at
      FROM input i WHERE i.key IS NOT NULL ORDER BY i.ord
      ON CONFLICT (scope, key) DO NOTHING
      RETURNING ik.scope, ik.key
    ),
    accepted AS (
      SELECT input.* FROM input
      WHERE input.key IS NULL OR EXISTS (SELECT 1 FROM stored_key k WHERE k.scope = input.key_scope AND k.key = input.key)
    ),
    addr AS (
      INSERT INTO chain_addresses AS ca (provider_id, asset, family, network, derivation_index, address, purpose, owner_ref)
      SELECT a.provider_id, a.coin, a.family, a.network, a.derivation_index, a.address, 'payment', a.public_id
      FROM accepted a WHERE a.address IS NOT NULL ORDER BY a.ord
      RETURNING ca.id, ca.owner_ref
    ),
    pay AS (
      INSERT INTO payments AS pm (public_id, provider_id, merchant_id, coin, fiat_currency, fiat_amount_minor, amount_due_minor, rate,
                            product, c1, c2, c3, c4, return_url, required_confirmations, expires_at, monitoring_until,
                            status, paid_minor, confirmed_minor, confirmations, address_id, address, fee_bps)
      SELECT a.public_id, a.provider_id, a.merchant_id, a.coin, a.fiat_currency, a.fiat_amount_minor, a.amount_due_minor, a.rate,
             a.product, a.c1, a.c2, a.c3, a.c4, a.return_url, a.required_confirmations, a.expires_at, a.monitoring_until,
             'new', 0, 0, 0, addr.id, a.address,
             (SELECT coalesce(m.fee_bps, p.merchant_fee_bps) FROM merchants m JOIN users u ON u.id = m.user_id JOIN providers p ON p.id = u.provider_id WHERE m.id = a.merchant_id)
      FROM accepted a LEFT JOIN addr ON addr.owner_ref = a.public_id
      ORDER BY a.ord
      RETURNING pm.id, pm.public_id
    ),
    event AS (
      INSERT INTO payment_events (payment_id, type, data)
      SELECT pay.id, 'payment.created', a.event_data::jsonb FROM pay JOIN accepted a ON a.public_id = pay.public_id ORDER BY a.ord
    ),
    outbox AS (
      INSERT INTO webhook_events (merchant_id, type, body, status, next_attempt_at, delivered_at)
      SELECT a.merchant_id, 'payment.created', a.webhook_body,
             CASE WHEN EXISTS (SELECT 1 FROM merchant_webhooks w WHERE w.merchant_id = a.merchant_id AND coalesce(w.url, '') <> '') THEN 'pending' ELSE 'no_endpoint' END,
             CASE WHEN EXISTS (SELECT 1 FROM merchant_webhooks w WHERE w.merchant_id = a.merchant_id AND coalesce(w.url, '') <> '') THEN a.webhook_now END,
             NULL
      FROM accepted a ORDER BY a.ord
    )
    SELECT pay.public_id FROM pay;
END;
$fn$;
