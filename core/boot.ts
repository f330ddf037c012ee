// BootData: the JSON block the server writes into every HTML shell
//   <script id="wl-boot" type="application/json">{...}</script>
// and the apps read once at start. One definition for both sides, so a field cannot drift.

import * as v from 'valibot';
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
});

/** The id of the data block in the shell. */
export const BOOT_ELEMENT_ID = 'wl-boot';
