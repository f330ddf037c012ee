// The language a limit refusal is said in: the page's (the `lang` cookie the member app's shell
// set, then Accept-Language), because the message carries figures a fixed catalogue text would lose.

import type { FastifyRequest } from 'fastify';
import { choosePageLanguage, LANGUAGE_COOKIE, type Locale } from '#core/language.ts';

export function requestLanguage(request: FastifyRequest): Locale {
  return choosePageLanguage({ cookie: request.cookies[LANGUAGE_COOKIE], acceptLanguage: request.headers['accept-language'] ?? null }).locale;
}
