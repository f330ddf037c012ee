import type { buyEn } from './buy-en.ts';

export const buyEs: Record<keyof typeof buyEn, string> = {
  'buy.title': 'Comprar cripto',
  'buy.soldBy': 'Vendido por {seller}',
  'buy.text': 'Elige la moneda, lo que pagas y adónde van las monedas. Verás el precio antes de dar ningún dato.',
  'buy.continueHint': 'Después: tus datos de contacto y el pago.',
  'buy.newPrice': 'Obtener un precio nuevo',
};
