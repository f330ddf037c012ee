// The widget's buttons write white text (--color-on-primary / --color-on-secondary are #ffffff inside the
// widget) on the merchant's primary and secondary colours. A merchant's pale brand colour would make
// "Pay" unreadable, so a colour is refused unless white text on it reaches WCAG AA for body text.

/** WCAG 2.x AA for normal text. */
export const BUTTON_TEXT_CONTRAST = 4.5;

/** The widget's button text colour. */
export const BUTTON_TEXT_COLOR = '#ffffff';

const HEX6 = /^#[0-9a-fA-F]{6}$/;

function channel(value: number): number {
  const s = value / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** WCAG contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** What is wrong with `hex` as a button colour, as a message for the merchant; null when white text reads on it. */
export function buttonColorProblem(hex: string): string | null {
  if (!HEX6.test(hex)) return 'Use a colour like #053f2e (a # and six hex digits).';
  const ratio = contrastRatio(hex, BUTTON_TEXT_COLOR);
  if (ratio >= BUTTON_TEXT_CONTRAST) return null;
  return `White button text on ${hex.toLowerCase()} has a contrast of ${ratio.toFixed(2)}:1; WCAG AA needs ${BUTTON_TEXT_CONTRAST}:1. Choose a darker colour.`;
}
