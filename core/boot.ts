// BootData: the JSON block the server writes into every HTML shell
//   <script id="wl-boot" type="application/json">{...}</script>
// and the apps read once at start. One definition for both sides, so a field cannot drift.

import * as v from 'valibot';
import { CRYPTO, type CryptoAsset } from './assets.ts';
import { LOCALES, type Locale } from './language.ts';
import { MODULES, type ModuleName } from './modules.ts';
import type { WhiteLabel } from './whitelabel.ts';

export interface BootData {
  module: ModuleName;
  /** The module prefix, e.g. "/sys-wallets"; the client router strips it. */
  base: string;
  /** 404 when the server found the path unknown for the module or the `lang` query unsupported. */
  status: 200 | 404;
  /**
   * The language the server chose for this page (core/language.ts: `?lang=`, the `lang` cookie,
   * Accept-Language, the provider default); the language of the 404 when `?lang=` is unsupported.
   * null only in the stand-in the app builds when the block is missing or unreadable.
   */
  locale: Locale | null;
  /** null when the Host has no provider or the provider is not configured: the app goes to <base>/error. */
  whitelabel: WhiteLabel | null;
  mode: 'test' | 'live';
  /**
   * The coins whose chain is on in this server (app.chain.assets): the only ones a page offers to buy,
   * deposit, withdraw or fix a payment link to. A coin whose chain is off is still shown where it is held.
   */
  coins: readonly CryptoAsset[];
  /**
   * sys-widget only: the payment the address names (merchant_id + transaction_id), as the public calls answer
   * it (core/boot-payment.ts BootPayment), so the first screen renders without a request. Absent when the
   * address names none or the server found none. Unknown here: the widget checks it with bootPaymentFor().
   */
  payment?: unknown;
}

/**
 * The shell's outer shape. `whitelabel` is left unknown here on purpose: the client validates it
 * separately with WhiteLabelSchema so a bad configuration degrades to /error instead of a blank page.
 */
export const BootShellSchema = v.object({
  module: v.picklist(MODULES),
  base: v.pipe(v.string(), v.regex(/^\/[A-Za-z0-9_-]+$/)),
  status: v.picklist([200, 404]),
  locale: v.nullable(v.picklist(LOCALES)),
  whitelabel: v.unknown(),
  mode: v.picklist(['test', 'live']),
  // Absent from a shell written before the field existed: every coin, as such a server offered.
  coins: v.optional(v.array(v.picklist(CRYPTO)), () => [...CRYPTO]),
  // Checked where it is read (core/boot-payment.ts), like whitelabel: a bad block costs a request, not the page.
  payment: v.optional(v.unknown()),
});

/** The id of the data block in the shell. */
export const BOOT_ELEMENT_ID = 'wl-boot';
