import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Bitcoin Cash',
  iso: 'BCH',
  section: [
    {
      heading: '',
      p: [
        { text: 'Bitcoin Cash is a cryptocurrency that split from Bitcoin on 1 August 2017. Its supporters wanted Bitcoin to handle more payments by allowing larger blocks, rather than relying mainly on other layers built on top of it.' },
        { text: 'Everyone who held bitcoin at the moment of the split received the same amount of Bitcoin Cash. The two have been separate currencies, with separate blockchains, ever since.' },
      ],
    },
    {
      heading: 'How it works',
      p: [
        { text: 'Bitcoin Cash keeps most of Bitcoin\'s design: proof of work with the SHA-256 algorithm, a block about every ten minutes, and a block reward that halves every 210,000 blocks. Its blocks may be much larger than Bitcoin\'s, so more transactions fit in each one.' },
      ],
      ul: [
        { heading: 'Supply', text: 'As with Bitcoin, there will never be more than 21 million coins.' },
        { heading: 'Units', text: 'One BCH divides into 100 million satoshis.' },
        { heading: 'Addresses', text: 'Bitcoin Cash has its own address format, which often starts with "bitcoincash:", to avoid confusion with Bitcoin addresses.' },
      ],
    },
    {
      heading: 'What it is used for',
      p: [
        { text: 'Bitcoin Cash is used mainly for payments, where its low fees suit small amounts, and for trading.' },
      ],
    },
    {
      heading: 'Things to know',
      p: [],
      ul: [
        { heading: 'Volatility', text: 'The price of BCH can move sharply in a short time.' },
        { heading: 'Smaller mining network', text: 'Far less computing power secures Bitcoin Cash than Bitcoin, which makes an attack on it cheaper.' },
        { heading: 'Further splits', text: 'Disagreements in the community have split Bitcoin Cash itself, in 2018 and again in 2020, creating other currencies.' },
        { heading: 'Not the same as Bitcoin', text: 'BCH and BTC are different currencies. Sending one to an address meant for the other can lose the funds.' },
      ],
    },
    {
      heading: 'History',
      p: [],
      ul: [
        { heading: '2017', text: 'Bitcoin Cash splits from Bitcoin on 1 August.' },
        { heading: '2018', text: 'A dispute over the protocol splits off Bitcoin SV.' },
        { heading: '2020', text: 'Another split creates a separate currency, today called eCash.' },
        { heading: '2024', text: 'In April the block reward halves to 3.125 BCH.' },
      ],
    },
  ],
} satisfies CoinInfo;
