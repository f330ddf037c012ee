// The provider's brand colours as CSS custom properties. ui/styles/tokens.css holds the same
// names with the default (Verdant) values, so a page without configuration still looks finished;
// at start the app overwrites them through CSSOM, which the CSP (`style-src 'self'`) allows.

import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from '#core/whitelabel.ts';
import { darkenUntil, mix, parseHex, readableOn, toHex, WHITE, type Rgb } from './color.ts';

export interface BrandColors {
  primary_color?: string;
  secondary_color?: string;
}

/** WCAG AA for body text. */
const TEXT_CONTRAST = 4.5;

export function themeVariables(meta: BrandColors): Record<string, string> {
  const primary = parseHex(meta.primary_color ?? '') ?? (parseHex(DEFAULT_PRIMARY_COLOR) as Rgb);
  const secondary = parseHex(meta.secondary_color ?? '') ?? (parseHex(DEFAULT_SECONDARY_COLOR) as Rgb);
  // A pale brand colour still has to work as link and focus-ring colour on white.
  const link = darkenUntil(primary, WHITE, TEXT_CONTRAST);
  return {
    '--color-primary': toHex(primary),
    '--color-secondary': toHex(secondary),
    '--color-on-primary': toHex(readableOn(primary)),
    '--color-on-secondary': toHex(readableOn(secondary)),
    '--color-primary-hover': toHex(mix(primary, { r: 0, g: 0, b: 0 }, 0.18)),
    '--color-primary-soft': toHex(mix(primary, WHITE, 0.92)),
    '--color-primary-tint': toHex(mix(primary, WHITE, 0.8)),
    '--color-secondary-soft': toHex(mix(secondary, WHITE, 0.9)),
    '--color-link': toHex(link),
    '--color-focus': toHex(link),
  };
}

/** Writes the variables on an element's inline style (document.documentElement at start). */
export function applyTheme(style: Pick<CSSStyleDeclaration, 'setProperty'>, variables: Record<string, string>): void {
  for (const [name, value] of Object.entries(variables)) style.setProperty(name, value);
}
