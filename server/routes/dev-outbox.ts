// The test-mode mailbox (MODE=test only; in live mode these paths do not exist and answer 404):
//   GET /dev/outbox[?to=]   the latest messages as an HTML page, newest first: a page for people, so
//                           not an endpoint of the contract
//   GET /dev/outbox/latest  the newest message to one recipient, with its code, reset token or sign-in
//                           link token picked out (core/contract/dev-outbox.ts; the e2e specs read it)
// Everything shown is escaped: message text carries names users typed. Only this machine may read
// it: the outbox holds every code and reset link, so a request from any other address is answered as
// if the path did not exist (the server also listens on loopback only unless HOST says otherwise).

import * as v from 'valibot';
import type { FastifyInstance } from 'fastify';
import { latestOutboxMessage } from '#core/contract/dev-outbox.ts';
import { object } from '#core/contract/schema-kit.ts';
import { route } from '../contract/route.ts';
import { apiError } from '../http/api-error.ts';
import { parseInput } from '../http/validate-input.ts';
import { codeInText, listOutbox, loginTokenInText, resetTokenInText, type OutboxMessage } from '../notifications/outbox.ts';
import { escapeHtml } from '../notifications/templates/escape-html.ts';

const ListQuery = object({ to: v.optional(v.pipe(v.string(), v.maxLength(254))) });

/** The link a message carries (a reset link), made clickable: the reader of this page is the recipient. */
function linkOf(text: string): string {
  const link = /https?:\/\/\S+/.exec(text)?.[0];
  return link ? `<p><a href="${escapeHtml(link)}">Open the link</a></p>` : '';
}

function page(messages: OutboxMessage[], to: string | undefined): string {
  const rows = messages.map(
    (m) =>
      `<article><h2>${escapeHtml(m.subject || '(SMS)')}</h2><p>${escapeHtml(m.channel)} to <a href="/dev/outbox?to=${encodeURIComponent(m.recipient)}">${escapeHtml(m.recipient)}</a> at ${escapeHtml(m.created_at)}</p><pre>${escapeHtml(m.text)}</pre>${linkOf(m.text)}</article>`,
  );
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev outbox</title></head><body>',
    `<h1>Dev outbox${to ? ` for ${escapeHtml(to)}` : ''}</h1>`,
    '<p>Test mode only: every e-mail and SMS the platform sends lands here instead of going out. Newest first.</p>',
    `<form method="get" action="/dev/outbox"><label>Recipient (e-mail or +number) <input name="to" value="${escapeHtml(to ?? '')}"></label> <button type="submit">Show</button></form>`,
    to ? '<p><a href="/dev/outbox">All recipients</a></p>' : '',
    rows.length > 0 ? rows.join('<hr>') : '<p>No messages yet.</p>',
    '</body></html>',
  ].join('');
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

export async function devOutboxRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopback(request.socket.remoteAddress)) return reply.callNotFound();
  });

  app.get('/dev/outbox', async (request, reply) => {
    const query = parseInput(ListQuery, request.query, 'query');
    await app.notifier.settled();
    const messages = await listOutbox(app.db, { to: query.to, limit: 50 });
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return page(messages, query.to);
  });

  route(app, latestOutboxMessage, async ({ query, reply }) => {
    // A reset mail is sent after its request was answered; wait for it, so "latest" means latest.
    await app.notifier.settled();
    const [newest] = await listOutbox(app.db, { to: query.to, limit: 1 });
    if (!newest) throw apiError('not_found', `No message to ${query.to} yet.`);
    reply.header('cache-control', 'no-store');
    return { ...newest, code: codeInText(newest.text), reset_token: resetTokenInText(newest.text), login_token: loginTokenInText(newest.text) };
  });
}
