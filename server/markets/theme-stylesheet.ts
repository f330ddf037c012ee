// The provider's colours as a stylesheet (/sys-markets/theme.css): the other apps set them through
// CSSOM once their script runs; a page rendered on the server, read with JavaScript off, needs them
// in CSS. The link carries a hash of the values, so the file can be cached and a change is a new URL.

import { createHash } from 'node:crypto';
import type { Meta } from '#core/whitelabel.ts';
import { themeVariables } from '#ui/theme/theme-variables.ts';

export const THEME_PATH = '/sys-markets/theme.css';

export function themeStylesheet(meta: Meta): { css: string; href: string } {
  const variables = themeVariables(meta);
  // Values come from parsed hex colours (theme-variables.ts writes #rrggbb only), so nothing here can close the rule.
  const css = `:root{${Object.entries(variables).map(([name, value]) => `${name}:${value}`).join(';')}}\n`;
  const version = createHash('sha256').update(css).digest('hex').slice(0, 12);
  return { css, href: `${THEME_PATH}?v=${version}` };
}
