import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Dogecoin',
  iso: 'DOGE',
  section: [
    {
      heading: '',
      p: [
        { text: 'Dogecoin started in December 2013 as a light-hearted take on cryptocurrencies. Its creators, software engineers Billy Markus and Jackson Palmer, named it after the "Doge" internet meme of a Shiba Inu dog, which is also its logo.' },
        { text: 'Its code descends from Litecoin\'s, and over the years it has gathered a large, active community of users.' },
      ],
    },
    {
      heading: 'How it works',
      p: [
        { text: 'Dogecoin uses proof of work with the Scrypt algorithm, the same as Litecoin. Since 2014 the two can be mined together ("merged mining"), so miners secure both networks with the same work. A new block is added about every minute.' },
      ],
      ul: [
        { heading: 'Supply', text: 'There is no maximum supply. Each block creates 10,000 new dogecoin, about 5 billion a year. Because that number stays fixed while the total grows, the yearly rate of new supply slowly falls.' },
        { heading: 'Units', text: 'One dogecoin divides into 100 million of its smallest unit.' },
      ],
    },
    {
      heading: 'What it is used for',
      p: [
        { text: 'Dogecoin has been used for tipping people online, for small payments and for community fundraising, as well as for trading. Its fees are usually low.' },
      ],
    },
    {
      heading: 'Things to know',
      p: [],
      ul: [
        { heading: 'Volatility', text: 'The price of dogecoin has often moved sharply in response to social media and to comments by well-known people.' },
        { heading: 'Ongoing issuance', text: 'New coins are created with every block, with no end date.' },
        { heading: 'Concentrated holdings', text: 'A small number of addresses hold a large share of all dogecoin, though some of them belong to exchanges holding coins for their customers.' },
        { heading: 'Small development team', text: 'The software is maintained by a small group of mostly volunteer developers.' },
      ],
    },
    {
      heading: 'History',
      p: [],
      ul: [
        { heading: '2013', text: 'Dogecoin launches on 6 December.' },
        { heading: '2014', text: 'Merged mining with Litecoin begins. The community raises funds to send the Jamaican bobsleigh team to the Winter Olympics.' },
        { heading: '2015', text: 'The block reward settles at a fixed 10,000 dogecoin.' },
        { heading: '2021', text: 'Attention on social media brings large swings in the price and in trading volume.' },
      ],
    },
  ],
} satisfies CoinInfo;
