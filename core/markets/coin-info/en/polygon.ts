import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Polygon',
  iso: 'POL',
  section: [
    {
      heading: '',
      p: [
        { text: 'Polygon is a group of networks built to make applications that work like Ethereum\'s cheaper and faster to use. It began in 2017 as Matic Network, started by a team of developers in India, and was renamed Polygon in 2021.' },
        { text: 'Its token is POL, which replaced the earlier MATIC token in 2024, one for one.' },
      ],
    },
    {
      heading: 'How it works',
      p: [
        { text: 'Its best-known network, Polygon PoS, is a proof-of-stake blockchain: validators stake POL to produce and confirm blocks, and the network regularly records summaries of its state on Ethereum. It runs the same smart contracts as Ethereum, so applications and wallets can be used on both.' },
      ],
      ul: [
        { heading: 'Fees', text: 'Transaction fees on Polygon PoS are paid in POL and are usually a small fraction of Ethereum\'s.' },
        { heading: 'Supply', text: 'POL started with 10 billion tokens, matching MATIC, and new POL are issued each year to reward validators and fund a community treasury, so there is no fixed maximum.' },
        { heading: 'Zero-knowledge technology', text: 'Polygon also develops networks that use zero-knowledge proofs, a way to prove that many transactions were processed correctly without redoing them.' },
      ],
    },
    {
      heading: 'What it is used for',
      p: [
        { text: 'Polygon is used for low-cost payments and stablecoin transfers, games and digital collectibles, and lending and trading applications. POL pays fees and is staked to secure the network.' },
      ],
    },
    {
      heading: 'Things to know',
      p: [],
      ul: [
        { heading: 'Volatility', text: 'The price of POL can move sharply in a short time.' },
        { heading: 'Its own security', text: 'Polygon PoS is secured by its own validators, not by Ethereum\'s, so it does not have the same security as Ethereum itself.' },
        { heading: 'Bridge risk', text: 'Moving tokens between Ethereum and Polygon goes through bridge contracts, which can have bugs.' },
        { heading: 'Token change', text: 'MATIC held on Ethereum must be converted to POL through the official migration; check which token a service expects.' },
      ],
    },
    {
      heading: 'History',
      p: [],
      ul: [
        { heading: '2017', text: 'Matic Network is founded.' },
        { heading: '2019', text: 'The MATIC token is sold in a token sale.' },
        { heading: '2020', text: 'The main network goes live.' },
        { heading: '2021', text: 'Matic Network is renamed Polygon.' },
        { heading: '2024', text: 'POL replaces MATIC as the network\'s token.' },
      ],
    },
  ],
} satisfies CoinInfo;
