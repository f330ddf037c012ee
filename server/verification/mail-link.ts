// The request half of every mailed link (the password reset, the sign-in link): find the account on
// this provider, issue a link token of the kind's purpose, and mail the kind's template with the link.
// Says nothing either way, so the endpoints cannot be used to probe which addresses have accounts.

import type { Kysely } from 'kysely';
import type { Database, LinkTokenPurpose } from '../db/schema.ts';
import type { Notifier } from '../notifications/notifier.ts';
import { brandFor, type Brand } from '../notifications/templates/brand.ts';
import type { RenderedEmail } from '../notifications/templates/layout.ts';
import { messageLocale, type MessageLocale } from '../notifications/templates/locale.ts';
import { issueLinkToken } from './link-tokens.ts';

export interface LinkMailRequest {
  providerId: bigint;
  email: string;
  language: string | undefined;
  /** The provider's own origin (verification/link-origin.ts), so the link opens on its host. */
  origin: string;
  now: Date;
}

/** What differs between kinds of link: purpose, lifetime, the page it opens and the mail around it. */
export interface LinkKind {
  purpose: LinkTokenPurpose;
  validityS: number;
  /** The link for a token, below the provider's origin. */
  path: (token: string) => string;
  email: (brand: Brand, locale: MessageLocale, link: string, validityS: number) => RenderedEmail;
}

export async function mailLink(db: Kysely<Database>, notifier: Notifier, kind: LinkKind, request: LinkMailRequest): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'language'])
    .where('provider_id', '=', request.providerId)
    .where('email', '=', request.email)
    .executeTakeFirst();
  if (!user) return;

  const token = await issueLinkToken(db, { userId: user.id, purpose: kind.purpose, validityS: kind.validityS, now: request.now });
  if (!token) return;

  const brand = await brandFor(db, request.providerId);
  const mail = kind.email(brand, messageLocale(request.language ?? user.language), `${request.origin}${kind.path(token)}`, kind.validityS);
  await notifier.mailer.send({ providerId: request.providerId, to: user.email, ...mail });
}
