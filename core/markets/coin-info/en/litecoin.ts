import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Litecoin',
  iso: 'LTC',
  section: [
    {
      heading: '',
      p: [
        { text: 'Litecoin is one of the oldest cryptocurrencies still in use. It was created by Charlie Lee, then an engineer at Google, and launched in October 2011, based on Bitcoin\'s code with changes meant to make payments faster.' },
        { text: 'Development is supported by the Litecoin Foundation, a non-profit organisation.' },
      ],
    },
    {
      heading: 'How it works',
      p: [
        { text: 'Litecoin uses proof of work with the Scrypt algorithm instead of Bitcoin\'s SHA-256. A block is added about every two and a half minutes, four times as often as on Bitcoin, so payments get their first confirmation sooner. Dogecoin can be mined together with Litecoin, and many Litecoin miners do so.' },
      ],
      ul: [
        { heading: 'Supply', text: 'There will never be more than 84 million litecoin, four times Bitcoin\'s limit. The block reward halves every 840,000 blocks, about every four years.' },
        { heading: 'Units', text: 'One litecoin divides into 100 million litoshis.' },
        { heading: 'Optional privacy', text: 'Since 2022 users can move coins into an optional extension (MWEB) where amounts are hidden from the public ledger.' },
      ],
    },
    {
      heading: 'What it is used for',
      p: [
        { text: 'Litecoin is used for payments and transfers with low fees, by merchants and payment services that accept it, and for trading. It has also often adopted technical changes before Bitcoin did.' },
      ],
    },
    {
      heading: 'Things to know',
      p: [],
      ul: [
        { heading: 'Volatility', text: 'The price of litecoin can move sharply in a short time.' },
        { heading: 'Payments cannot be reversed', text: 'A confirmed payment cannot be cancelled. Check the address and the amount before you send.' },
        { heading: 'Privacy features and exchanges', text: 'Some exchanges, mainly in South Korea, stopped listing litecoin after its privacy extension was added, citing local rules.' },
      ],
    },
    {
      heading: 'History',
      p: [],
      ul: [
        { heading: '2011', text: 'Charlie Lee releases Litecoin in October.' },
        { heading: '2017', text: 'The SegWit upgrade activates on Litecoin, months before Bitcoin. In December Charlie Lee announces he has sold or given away his litecoin.' },
        { heading: '2022', text: 'The MWEB privacy extension activates.' },
        { heading: '2023', text: 'The third halving cuts the block reward to 6.25 litecoin.' },
      ],
    },
  ],
} satisfies CoinInfo;
