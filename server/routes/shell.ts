// The page shell for every path under a module prefix (/sys-wallets, /sys-wallets/login, ...).
// The server already knows what the client router will find, so it says so with the HTTP status:
// 404 when the path has no page in this build (core/modules.ts MODULE_PAGES: a route of the spec
// whose page is not built yet is a 404 too) or `?lang=` names an unsupported language; the app then
// renders "This page could not be found". A host without a
// (valid) provider configuration gets whitelabel null and HTTP 200: the app shows its /error page.
// GET / sends visitors to the member app.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chooseLocale, type Locale } from '#core/language.ts';
import { hasModulePage, MODULE_APP, MODULES, type ModuleName } from '#core/modules.ts';
import type { Env } from '../env.ts';
import { moduleHelmet, type SecurityHeaderPolicies } from '../plugins/security-headers.ts';
import type { BootData } from '#core/boot.ts';
import type { ManifestStore } from '../shell/manifest.ts';
import { renderShell } from '../shell/render-shell.ts';

export interface ShellOptions {
  env: Pick<Env, 'MODE'>;
  manifests: ManifestStore;
  policies: SecurityHeaderPolicies;
}

export const NOT_BUILT_MESSAGE = 'Bundles are not built: run npm run build';

export async function shellRoutes(app: FastifyInstance, { env, manifests, policies }: ShellOptions): Promise<void> {
  app.get('/', { config: { rateLimit: false } }, async (request, reply) => reply.redirect('/sys-wallets/', 302));

  for (const module of MODULES) {
    const handler = (request: FastifyRequest, reply: FastifyReply) => renderModulePage(module, request, reply);
    const helmet = moduleHelmet(module, policies);
    const options = { config: { rateLimit: false as const }, ...(helmet ? { helmet } : {}) };
    app.get(`/${module}`, options, handler);
    app.get(`/${module}/*`, options, handler);
  }

  async function renderModulePage(module: ModuleName, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const bundle = MODULE_APP[module];
    const manifest = await manifests.get(bundle);
    if (!manifest) {
      return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
    }
    const rest = `/${(request.params as { '*'?: string })['*'] ?? ''}`;
    const language = pageLanguage((request.query as Record<string, unknown>).lang);
    const state = await request.provider();
    const boot: BootData = {
      module,
      base: `/${module}`,
      status: language.ok && hasModulePage(module, rest) ? 200 : 404,
      locale: language.ok ? language.locale : null,
      whitelabel: state.status === 'ready' ? state.whitelabel(module) : null,
      mode: env.MODE,
    };
    return reply
      .code(boot.status)
      // Always revalidate: the shell names the current bundle files and the provider's branding.
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(renderShell(boot, bundle, manifest));
  }
}

/** `?lang` absent: no choice (null). One supported value: that locale. Anything else: unsupported. */
function pageLanguage(lang: unknown): { ok: true; locale: Locale | null } | { ok: false } {
  if (lang === undefined) return { ok: true, locale: null };
  if (typeof lang !== 'string') return { ok: false };
  const choice = chooseLocale(lang);
  return choice.ok ? { ok: true, locale: choice.locale } : { ok: false };
}
