// The BootData block the server writes into every HTML shell:
//   <script id="wl-boot" type="application/json">{"module":..,"base":..,"status":..,"locale":..,"whitelabel":..,"mode":..,"coins":[..]}</script>
// It is parsed once at start. A whitelabel that is null, or that fails WhiteLabelSchema, counts as
// missing configuration (the app then goes to <base>/error): rendering with half a configuration
// would show a page with holes in it. A block that is missing or unreadable as a whole is treated
// the same way, with the module taken from the first path segment so /error stays under its prefix.

import * as v from 'valibot';
import { CRYPTO } from '#core/assets.ts';
import { BootShellSchema, type BootData } from '#core/boot.ts';
import { isModuleName, type ModuleName } from '#core/modules.ts';
import { WhiteLabelSchema } from '#core/whitelabel.ts';

export type { BootData };

export interface BootResult {
  boot: BootData;
  /** Why the configuration was dropped, for the developer console in development builds only. */
  problems: string[];
}

/** Where /error lives when the block itself cannot be trusted: the first path segment if it names a module. */
export function moduleFromPath(pathname: string): ModuleName {
  const first = pathname.split('/')[1] ?? '';
  return isModuleName(first) ? first : 'sys-wallets';
}

export function parseBootData(text: string | null | undefined, pathname: string): BootResult {
  let raw: unknown;
  try {
    raw = text ? JSON.parse(text) : undefined;
  } catch {
    raw = undefined;
  }
  const shell = v.safeParse(BootShellSchema, raw);
  if (!shell.success) {
    const module = moduleFromPath(pathname);
    return {
      boot: { module, base: `/${module}`, status: 200, locale: null, whitelabel: null, mode: 'live', coins: CRYPTO },
      problems: raw === undefined ? ['the #wl-boot block is missing or is not JSON'] : issueList(shell.issues),
    };
  }
  const { whitelabel: rawWhitelabel, ...rest } = shell.output;
  if (rawWhitelabel === null) return { boot: { ...rest, whitelabel: null }, problems: ['whitelabel is null'] };
  const whitelabel = v.safeParse(WhiteLabelSchema, rawWhitelabel);
  return whitelabel.success
    ? { boot: { ...rest, whitelabel: whitelabel.output }, problems: [] }
    : { boot: { ...rest, whitelabel: null }, problems: issueList(whitelabel.issues) };
}

function issueList(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
}
