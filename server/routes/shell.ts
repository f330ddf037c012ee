// The page shell for every path under a module prefix (/sys-wallets, /sys-wallets/login, ...).
// The server already knows what the client router will find, so it says so with the HTTP status:
// 404 when the path has no page in this build (core/modules.ts MODULE_PAGES: a route of the spec
// whose page is not built yet is a 404 too) or `?lang=` names an unsupported language; the app then
// renders "This page could not be found". A host without a
// (valid) provider configuration gets whitelabel null and HTTP 200: the app shows its /error page.
// The page language is chosen here, so the first paint is already in it (core/language.ts): `?lang=`,
// else the `lang` cookie, else Accept-Language, else the provider's default. A supported `?lang=` is
// remembered in that cookie, so every later page of every module opens in the visitor's choice.
// GET / sends visitors to the member app.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CRYPTO } from '#core/assets.ts';
import { coinsOn } from '#core/chain/coin-availability.ts';
import { choosePageLanguage, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S, type Locale } from '#core/language.ts';
import { hasModulePage, MODULE_APP, MODULES, type ModuleName } from '#core/modules.ts';
import type { Env } from '../env.ts';
import { moduleHelmet, type SecurityHeaderPolicies } from '../plugins/security-headers.ts';
import type { BootData } from '#core/boot.ts';
import type { ManifestStore } from '../shell/manifest.ts';
import { renderShell } from '../shell/render-shell.ts';
import { firstPageChunks } from '../shell/first-page-chunks.ts';
import { paymentIdsInQuery, shellPayment } from '../shell/shell-payment.ts';

export interface ShellOptions {
  env: Pick<Env, 'MODE'>;
  manifests: ManifestStore;
  policies: SecurityHeaderPolicies;
}

export const NOT_BUILT_MESSAGE = 'Bundles are not built: run npm run build';

export async function shellRoutes(app: FastifyInstance, { env, manifests, policies }: ShellOptions): Promise<void> {
  app.get('/', { config: { rateLimit: false } }, async (request, reply) => reply.redirect('/sys-wallets/', 302));

  for (const module of MODULES) {
    // The markets site renders its pages on the server with their content (server/markets/).
    if (MODULE_APP[module] === 'markets-app') continue;
    const handler = (request: FastifyRequest, reply: FastifyReply) => renderModulePage(module, request, reply);
    const helmet = moduleHelmet(module, policies);
    // Pages are not limited (a page load is cheap and cached), except a widget shell whose address names a
    // payment: it reads the payment as the status call does, so it counts against the address like that call.
    const rateLimit = module === 'sys-widget' ? { allowList: (request: FastifyRequest) => paymentIdsInQuery(request.query as Record<string, unknown>) === null } : (false as const);
    const options = { config: { rateLimit }, ...(helmet ? { helmet } : {}) };
    app.get(`/${module}`, options, handler);
    app.get(`/${module}/*`, options, handler);
  }

  async function renderModulePage(module: ModuleName, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const bundle = MODULE_APP[module];
    const manifest = await manifests.get(bundle);
    if (!manifest) {
      return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
    }
    // The operator console is no page for search engines (and, like every member-app module, never framed).
    if (module === 'sys-admin') reply.header('x-robots-tag', 'noindex, nofollow');
    const rest = `/${(request.params as { '*'?: string })['*'] ?? ''}`;
    const state = await request.provider();
    const whitelabel = state.status === 'ready' ? state.whitelabel(module) : null;
    const language = choosePageLanguage({
      query: (request.query as Record<string, unknown>).lang,
      cookie: request.cookies[LANGUAGE_COOKIE],
      acceptLanguage: request.headers['accept-language'] ?? null,
      provider: whitelabel?.languages ?? null,
    });
    if (language.ok && language.source === 'query') rememberLanguage(reply, language.locale);
    const status = language.ok && hasModulePage(module, rest) ? 200 : 404;
    // The widget's first screen, when the address names its payment (server/shell/shell-payment.ts).
    const payment = status === 200 && whitelabel ? await shellPayment(app, module, request.query as Record<string, unknown>, request.log) : null;
    const boot: BootData = {
      module,
      base: `/${module}`,
      status,
      locale: language.locale,
      whitelabel,
      mode: env.MODE,
      // In the platform's order (core/assets.ts), as every coin list of the apps shows them.
      coins: coinsOn(CRYPTO, app.chain.assets),
      ...(payment ? { payment } : {}),
    };
    return reply
      .code(boot.status)
      // Always revalidate: the shell names the current bundle files and the provider's branding. One that
      // carries a payment's state is stored nowhere: the state moves on, and it belongs to one buyer.
      .header('cache-control', payment ? 'no-store' : 'no-cache')
      // The language comes from these two headers, so a shared cache must not give one visitor's page to another.
      .header('vary', 'Accept-Language, Cookie')
      .type('text/html; charset=utf-8')
      .send(renderShell(boot, bundle, manifest, boot.status === 200 ? firstPageChunks(module, rest, manifest) : []));
  }
}

/**
 * The visitor's choice, for every later page of every module. Readable by the apps (not HttpOnly: it
 * holds a language, nothing secret), Lax so a link from another site still opens in that language.
 */
function rememberLanguage(reply: FastifyReply, locale: Locale): void {
  reply.setCookie(LANGUAGE_COOKIE, locale, {
    path: '/',
    maxAge: LANGUAGE_COOKIE_MAX_AGE_S,
    sameSite: 'lax',
    httpOnly: false,
    secure: reply.server.identity.secureCookie,
  });
}
