// The console's Incoming wires (core/contract/admin-checkout-wires.ts): guest checkouts' wires still
// awaited, the window ending soonest first (the one about to close is the one to look for on the
// statement), and the operator's match. The match, its money (server/checkout/wire-payment.ts
// matchCheckoutWire) and its audit row `checkout_wire.match` are ONE transaction: no match without its
// record, no record without its money. A refusal writes nothing.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminIncomingWires, adminMatchIncomingWire, type IncomingWire, type IncomingWires } from '#core/contract/admin-checkout-wires.ts';
import { formatMinor } from '#core/money.ts';
import { route } from '../contract/route.ts';
import type { Db } from '../db/db.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { recordAudit } from '../operators/audit.ts';
import { matchCheckoutWire } from '../checkout/wire-payment.ts';

export async function listIncomingWires(db: Db, providerId: bigint, page: number, perPage: number): Promise<IncomingWires> {
  const base = db
    .selectFrom('checkout_payments as p')
    .innerJoin('guest_checkouts as c', 'c.id', 'p.checkout_id')
    .where('p.provider_id', '=', providerId)
    .where('p.method', '=', 'wire')
    .where('p.status', '=', 'awaiting');
  const [rows, total] = await Promise.all([
    base
      .select(['p.public_id', 'p.wire_reference', 'p.amount_minor', 'p.window_ends_at', 'p.created_at', 'c.public_id as checkout_id', 'c.fiat_currency', 'c.payment_method', 'c.first_name', 'c.last_name', 'c.email'])
      .orderBy('p.window_ends_at')
      .orderBy('p.id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  const wires = rows.map(
    (row): IncomingWire => ({
      payment_id: row.public_id,
      reference: row.wire_reference ?? '',
      checkout_id: row.checkout_id,
      buyer: { name: [row.first_name, row.last_name].filter(Boolean).join(' '), email: row.email ?? '' },
      payment_method: row.payment_method,
      amount: formatMinor(row.amount_minor, row.fiat_currency),
      currency: row.fiat_currency,
      window_ends_at: (row.window_ends_at ?? row.created_at).toISOString(),
      created_at: row.created_at.toISOString(),
    }),
  );
  return { wires, page, per_page: perPage, total: Number(total.count) };
}

export async function incomingWireRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const operatorOf = (request: FastifyRequest) => {
    if (!request.operator) throw apiError('unauthorized');
    return request.operator;
  };

  route(app, adminIncomingWires, async ({ query, request }) => listIncomingWires(app.db, operatorOf(request).providerId, query.page, query.per_page));

  route(app, adminMatchIncomingWire, async ({ body, request }) => {
    const operator = operatorOf(request);
    const now = app.identity.now();
    const result = await app.db.transaction().execute(async (trx) => {
      const matched = await matchCheckoutWire(trx, operator.providerId, body, now);
      if (matched.ok) {
        const { payment, checkout } = matched;
        const amount = formatMinor(payment.amount_minor, checkout.fiat_currency);
        await recordAudit(trx, {
          operator,
          ip: request.ip,
          action: 'checkout_wire.match',
          targetType: 'checkout',
          targetId: checkout.public_id,
          before: { status: 'awaiting', reference: payment.wire_reference, expected_amount: amount, currency: checkout.fiat_currency },
          after: { status: 'received', checkout_status: checkout.status, received_amount: amount, currency: checkout.fiat_currency, payment_id: payment.public_id },
        });
      }
      return matched;
    });
    if (!result.ok) throw new ApiError(result.error);
    const { payment, checkout } = result;
    return {
      payment_id: payment.public_id,
      reference: payment.wire_reference ?? '',
      checkout_id: checkout.public_id,
      amount: formatMinor(payment.amount_minor, checkout.fiat_currency),
      currency: checkout.fiat_currency,
      crypto_amount: formatMinor(payment.crypto_amount_minor, checkout.crypto_currency),
      crypto_currency: checkout.crypto_currency,
    };
  });
}
