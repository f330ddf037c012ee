import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Solana',
  iso: 'SOL',
  section: [
    {
      heading: '',
      p: [
        { text: 'Solana is a public blockchain designed to process many transactions quickly and at low cost. Its native coin, SOL, pays transaction fees and is staked to secure the network.' },
        { text: 'Solana was described by Anatoly Yakovenko in a 2017 white paper, and its main network began operating, as a beta, in March 2020.' },
      ],
    },
    {
      heading: 'How it works',
      p: [
        { text: 'Solana uses proof of stake: validators stake SOL, and holders can delegate their SOL to validators to share in the rewards. A validator is chosen in turn to produce blocks for short slots of about 400 milliseconds.' },
        { text: 'It adds a technique called proof of history, a running sequence of hashes that works as a shared clock, so validators agree on the order of events with less communication.' },
      ],
      ul: [
        { heading: 'Supply', text: 'SOL has no fixed maximum. New SOL is issued as staking rewards, at a yearly rate that started at 8 percent and falls each year towards a long-term 1.5 percent. Part of every transaction fee is destroyed.' },
        { heading: 'Units', text: 'One SOL divides into a billion lamports.' },
      ],
    },
    {
      heading: 'What it is used for',
      p: [
        { text: 'Solana is used for payments and stablecoin transfers, trading applications, digital collectibles (NFTs), and the issuing and trading of new tokens, where its low fees make small transactions practical.' },
      ],
    },
    {
      heading: 'Things to know',
      p: [],
      ul: [
        { heading: 'Volatility', text: 'The price of SOL can move sharply in a short time.' },
        { heading: 'Outages', text: 'The network has stopped producing blocks several times, notably in 2021 and 2022, and validators had to coordinate to restart it.' },
        { heading: 'Demanding hardware', text: 'Running a validator needs powerful hardware, which limits how many people can take part.' },
        { heading: 'Smart contract risk', text: 'Applications on Solana can have bugs, and their transactions cannot be reversed. Many new tokens are launched there every day, and some are scams.' },
      ],
    },
    {
      heading: 'History',
      p: [],
      ul: [
        { heading: '2017', text: 'Anatoly Yakovenko publishes the white paper describing proof of history.' },
        { heading: '2020', text: 'The main network starts as a beta in March.' },
        { heading: '2021', text: 'A flood of transactions halts the network for about 17 hours in September.' },
        { heading: '2022', text: 'More outages follow. The collapse of the exchange FTX, one of Solana\'s prominent backers, hits the price of SOL hard.' },
      ],
    },
  ],
} satisfies CoinInfo;
