// The member's transaction history (spec §7 /transactions/*): the list with filters and paging, one
// transaction's status and details, the wallet activity of one currency, the favourite coins, and
// the account statement as CSV. Every query is scoped to the signed-in member and their provider:
// another member's transaction id answers transaction_not_found, never their data.

import type { FastifyInstance } from 'fastify';
import type { CryptoAsset } from '#core/assets.ts';
import { isCrypto } from '#core/assets.ts';
import { getFavorites, getTransacionaDetails, getTransactions, getTransactionStatus, getWalletActivity, statement } from '#core/contract/transactions.ts';
import { route } from '../contract/route.ts';
import { apiError } from '../http/api-error.ts';
import { sessionOf } from '../identity/authenticate.ts';
import { statementCsv } from '../money/statement-csv.ts';
import { toTransactionRecord } from '../money/transaction-record.ts';
import { allTransactions, findTransaction, pageTransactions } from '../money/transaction-queries.ts';

/** A statement covers at most a year and this many transactions: put a limit on everything. */
const STATEMENT_MAX_DAYS = 366;
const STATEMENT_MAX_ROWS = 10_000;
const FAVORITES_MAX = 5;

export async function transactionsRoutes(app: FastifyInstance): Promise<void> {
  // Balances and histories are personal: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, getTransactions, async ({ query, request }) => {
    const session = sessionOf(request);
    const { rows, total } = await pageTransactions(
      app.db,
      { userId: session.userId, providerId: session.providerId, type: query.type, currency: query.currency, status: query.status, from: query.from, to: query.to },
      { page: query.page, perPage: query.per_page },
    );
    return { transactions: rows.map(toTransactionRecord), page: query.page, per_page: query.per_page, total };
  });

  route(app, getWalletActivity, async ({ query, request }) => {
    const session = sessionOf(request);
    const { rows, total } = await pageTransactions(
      app.db,
      { userId: session.userId, providerId: session.providerId, currency: query.currency },
      { page: query.page, perPage: query.per_page },
    );
    return { transactions: rows.map(toTransactionRecord), page: query.page, per_page: query.per_page, total };
  });

  route(app, getTransactionStatus, async ({ body, request }) => {
    const row = await findTransaction(app.db, sessionOf(request), body.transaction_id);
    if (!row) throw apiError('transaction_not_found');
    return { transaction_id: row.public_id, status: row.status, payment_status: row.payment_status };
  });

  route(app, getTransacionaDetails, async ({ body, request }) => {
    const row = await findTransaction(app.db, sessionOf(request), body.transaction_id);
    if (!row) throw apiError('transaction_not_found');
    return { transaction: toTransactionRecord(row) };
  });

  route(app, getFavorites, async ({ request }) => {
    const session = sessionOf(request);
    // The coins the member moved most often, on either side of a conversion, among finished transactions.
    const rows = await app.db
      .selectFrom((eb) =>
        eb
          .selectFrom('money_transactions')
          .select('currency_iso as currency')
          .where('user_id', '=', session.userId)
          .where('status', '=', 'completed')
          .unionAll(
            eb
              .selectFrom('money_transactions')
              .select((inner) => inner.fn.coalesce('currency_2_iso', inner.val('')).as('currency'))
              .where('user_id', '=', session.userId)
              .where('status', '=', 'completed'),
          )
          .as('moved'),
      )
      .select(['currency', (eb) => eb.fn.countAll<string | number | bigint>().as('uses')])
      .groupBy('currency')
      .orderBy('uses', 'desc')
      .orderBy('currency', 'asc')
      .execute();
    const favorites = rows.map((row) => row.currency).filter((currency): currency is CryptoAsset => isCrypto(currency)).slice(0, FAVORITES_MAX);
    return { favorites };
  });

  route(app, statement, async ({ query, request, reply }) => {
    const { settings } = await request.readyProvider();
    if (!settings.permissions.enable_statements) throw apiError('operation_disabled', 'Account statements are not available here.');
    const from = Date.parse(`${query.from}T00:00:00Z`);
    const to = Date.parse(`${query.to}T00:00:00Z`);
    if (Number.isNaN(from) || Number.isNaN(to) || to < from) {
      throw apiError('validation_failed', undefined, { to: ['Choose an end date on or after the start date.'] });
    }
    if ((to - from) / 86_400_000 >= STATEMENT_MAX_DAYS) {
      throw apiError('validation_failed', undefined, { to: [`A statement covers at most ${STATEMENT_MAX_DAYS} days. Choose a shorter range.`] });
    }
    const session = sessionOf(request);
    const rows = await allTransactions(app.db, { userId: session.userId, providerId: session.providerId, from: query.from, to: query.to }, STATEMENT_MAX_ROWS);
    reply.header('content-disposition', `attachment; filename="statement-${query.from}-to-${query.to}.csv"`);
    return statementCsv(rows.map(toTransactionRecord));
  });
}
