// The BootData block written into every HTML shell (common contract). ui/boot/boot-data.ts reads
// the same shape on the client; server/ may not import ui/, so the type is repeated here and the
// shell tests parse the rendered block back to keep the two in step.

import type { Locale } from '#core/language.ts';
import type { ModuleName } from '#core/modules.ts';
import type { WhiteLabel } from '#core/whitelabel.ts';

export interface BootData {
  module: ModuleName;
  /** The module prefix, e.g. "/sys-wallets"; the client router strips it. */
  base: string;
  /** 404 when the path is unknown for the module or the `lang` query is unsupported. */
  status: 200 | 404;
  /** The validated `lang` query, or null when there was none. */
  locale: Locale | null;
  /** null when the Host has no provider or the provider is not configured: the app goes to <base>/error. */
  whitelabel: WhiteLabel | null;
  mode: 'test' | 'live';
}
