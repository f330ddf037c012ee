// Texts of the buy widget's own start (sys-buywidget /). Its fields and the quote use the flow's texts
// (flow-en.ts); the steps after it are the flow's pages. Loaded with the start's chunk, never the entry.

export const buyEn = {
  'buy.title': 'Buy crypto',
  'buy.soldBy': 'Sold by {seller}',
  'buy.text': 'Choose the coin, what you pay and where the coins go. You see the price before you give any details.',
  'buy.continueHint': 'Next: your contact details, then the payment.',
  'buy.newPrice': 'Get a new price',
} as const;
