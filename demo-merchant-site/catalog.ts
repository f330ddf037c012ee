// What the demo shop sells. Prices are decimal strings in EUR, as the platform's APIs take them: the shop
// never holds money in a JS number either. The art is inline SVG, so the page needs no external asset.

export interface Product {
  id: string;
  name: string;
  description: string;
  /** Decimal string, 2 places. */
  price: string;
  currency: 'EUR';
  /** Inline SVG markup, trusted (written here, never from a request). */
  art: string;
  /** Background of the art panel, a class in shop.css. */
  tone: 'moss' | 'clay' | 'dusk';
}

export const CATALOG: readonly Product[] = [
  {
    id: 'moss-terrarium',
    name: 'Moss Terrarium',
    description: 'A hand-blown glass globe with living cushion moss. Mist once a week.',
    price: '49.00',
    currency: 'EUR',
    tone: 'moss',
    art: `<svg viewBox="0 0 200 160" role="img" aria-label="A glass terrarium with moss">
  <ellipse cx="100" cy="138" rx="62" ry="8" fill="#1f3d2b" opacity=".15"/>
  <path d="M52 70a48 48 0 0 1 96 0v40a20 20 0 0 1-20 20H72a20 20 0 0 1-20-20z" fill="#ffffff" opacity=".55" stroke="#2f5d46" stroke-width="3"/>
  <path d="M58 112c10-14 24-16 34-8 8-12 26-14 36-2 6-4 12-2 14 4v4a16 16 0 0 1-16 16H74a16 16 0 0 1-16-14z" fill="#3f7d4f"/>
  <circle cx="80" cy="110" r="9" fill="#5a9c5f"/><circle cx="112" cy="106" r="11" fill="#6fb36b"/>
  <circle cx="130" cy="114" r="6" fill="#8a8f7a"/><circle cx="92" cy="120" r="4" fill="#b9b49f"/>
  <rect x="84" y="18" width="32" height="8" rx="4" fill="#2f5d46"/>
</svg>`,
  },
  {
    id: 'pour-over-set',
    name: 'Ceramic Pour-Over Set',
    description: 'Stoneware dripper and cup, glazed in sand. Brews one generous mug.',
    price: '34.50',
    currency: 'EUR',
    tone: 'clay',
    art: `<svg viewBox="0 0 200 160" role="img" aria-label="A ceramic coffee dripper on a cup">
  <ellipse cx="100" cy="140" rx="58" ry="7" fill="#5b3420" opacity=".15"/>
  <path d="M64 92h72l-8 40a10 10 0 0 1-10 8H82a10 10 0 0 1-10-8z" fill="#d9a37e"/>
  <path d="M136 102h8a12 12 0 0 1 0 24h-12" fill="none" stroke="#c48860" stroke-width="6"/>
  <path d="M56 40h88l-30 44H86z" fill="#b86f48"/>
  <rect x="50" y="34" width="100" height="10" rx="5" fill="#9c5836"/>
  <path d="M96 18c-6 6 6 8 0 14M106 14c-6 6 6 8 0 14" stroke="#9c5836" stroke-width="3" fill="none" stroke-linecap="round" opacity=".6"/>
</svg>`,
  },
  {
    id: 'walnut-lamp',
    name: 'Walnut Desk Lamp',
    description: 'Oiled walnut arm, linen shade, warm 2700 K light. Ships with a braided cord.',
    price: '129.00',
    currency: 'EUR',
    tone: 'dusk',
    art: `<svg viewBox="0 0 200 160" role="img" aria-label="A walnut desk lamp with a glowing shade">
  <circle cx="128" cy="70" r="40" fill="#ffd98a" opacity=".45"/>
  <ellipse cx="92" cy="142" rx="50" ry="7" fill="#2b2140" opacity=".18"/>
  <rect x="62" y="128" width="60" height="12" rx="6" fill="#6b4630"/>
  <path d="M90 128L74 78l46-32" fill="none" stroke="#7a5036" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>
  <path d="M108 40l40-10 14 30-42 12z" fill="#efe4cf" stroke="#6b4630" stroke-width="3" stroke-linejoin="round"/>
  <circle cx="74" cy="78" r="6" fill="#4d3222"/>
</svg>`,
  },
];

/** "1234.50" -> "€1,234.50": a shop-side display helper; the amount stays a string throughout. */
export function formatEuro(amount: string): string {
  const [whole = '0', cents = '00'] = amount.split('.');
  return `€${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents.padEnd(2, '0')}`;
}
