// Colour arithmetic for the runtime theme: a provider picks two brand colours, and every other
// colour token (hover, tint, text on the brand colour, link colour) is derived from them so that
// text stays readable (WCAG contrast) whatever the provider chose.

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Parses #rgb or #rrggbb; null for anything else (the schema already rejects bad colours, this is the second wall). */
export function parseHex(hex: string): Rgb | null {
  const match = HEX.exec(hex.trim());
  if (!match) return null;
  let digits = (match[1] as string).toLowerCase();
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  return {
    r: Number.parseInt(digits.slice(0, 2), 16),
    g: Number.parseInt(digits.slice(2, 4), 16),
    b: Number.parseInt(digits.slice(4, 6), 16),
  };
}

export function toHex({ r, g, b }: Rgb): string {
  const part = (n: number) => Math.round(Math.min(255, Math.max(0, n))).toString(16).padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** Linear blend: weight 0 gives `a`, weight 1 gives `b`. */
export function mix(a: Rgb, b: Rgb, weight: number): Rgb {
  return { r: a.r + (b.r - a.r) * weight, g: a.g + (b.g - a.g) * weight, b: a.b + (b.b - a.b) * weight };
}

/** WCAG 2.x relative luminance. */
export function luminance({ r, g, b }: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio, 1 (none) to 21 (black on white). */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const WHITE: Rgb = { r: 255, g: 255, b: 255 };
export const INK: Rgb = { r: 11, g: 19, b: 32 };
const BLACK: Rgb = { r: 0, g: 0, b: 0 };

/**
 * White or ink, whichever reads better on `background`; pure black when neither reaches 4.5:1
 * (mid greys around #777 sit just below it for both).
 */
export function readableOn(background: Rgb): Rgb {
  const best = contrast(WHITE, background) >= contrast(INK, background) ? WHITE : INK;
  if (contrast(best, background) >= 4.5) return best;
  return contrast(BLACK, background) > contrast(best, background) ? BLACK : best;
}

/**
 * Darkens `color` in small steps until it reaches `ratio` against `background` (at most 20 steps,
 * which always ends at black, so the loop is bounded and the result is always readable on white).
 */
export function darkenUntil(color: Rgb, background: Rgb, ratio: number): Rgb {
  let current = color;
  for (let step = 0; step < 20 && contrast(current, background) < ratio; step++) current = mix(color, BLACK, (step + 1) / 20);
  return current;
}
