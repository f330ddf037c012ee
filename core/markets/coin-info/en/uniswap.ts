import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Uniswap',
  iso: 'UNI',
  section: [
    {
      heading: '',
      p: [
        { text: 'Uniswap is a decentralised exchange: a set of smart contracts, first on Ethereum and now on many other networks, that lets people swap one token for another straight from their own wallets, without a company holding their funds.' },
        { text: 'It was created by Hayden Adams and launched in November 2018. UNI is the token that lets holders vote on how the protocol is run.' },
      ],
    },
    {
      heading: 'How it works',
      p: [
        { text: 'Instead of matching buyers with sellers in an order book, Uniswap uses pools that each hold two tokens. A formula sets the price from the amounts in the pool, and every trade shifts that balance. People who deposit tokens into a pool, called liquidity providers, earn a share of the trading fees.' },
      ],
      ul: [
        { heading: 'Supply', text: 'One billion UNI were created in September 2020, 60 percent of them set aside for the community. Since September 2024 governance may create up to 2 percent more each year.' },
        { heading: 'Voting', text: 'UNI holders propose and vote on changes to the protocol and on the use of its treasury.' },
        { heading: 'Open access', text: 'Anyone can create a pool for any pair of tokens.' },
      ],
    },
    {
      heading: 'What it is used for',
      p: [
        { text: 'Uniswap is used to swap tokens, to earn fees by providing liquidity, and, with UNI, to take part in governance. Other applications also route their trades through its pools.' },
      ],
    },
    {
      heading: 'Things to know',
      p: [],
      ul: [
        { heading: 'Volatility', text: 'The price of UNI can move sharply in a short time.' },
        { heading: 'Smart contract risk', text: 'Bugs in contracts can lose funds, and transactions cannot be reversed.' },
        { heading: 'Losses for liquidity providers', text: 'When prices move, liquidity providers can end up with less value than if they had simply kept their tokens.' },
        { heading: 'Copies of real tokens', text: 'Because anyone can create a pool, fake tokens with familiar names are traded too. Check the token\'s contract address before you swap.' },
        { heading: 'Price impact', text: 'Large trades in small pools move the price, and the price can change between sending a trade and its execution.' },
      ],
    },
    {
      heading: 'History',
      p: [],
      ul: [
        { heading: '2018', text: 'Uniswap launches on Ethereum in November.' },
        { heading: '2020', text: 'Version 2 arrives in May. In September the UNI token is created, and every address that had used the protocol receives 400 UNI.' },
        { heading: '2021', text: 'Version 3 lets liquidity providers concentrate their funds within chosen price ranges.' },
        { heading: '2025', text: 'Version 4 launches, letting pools run custom code.' },
      ],
    },
  ],
} satisfies CoinInfo;
