import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Enjin Coin',
  iso: 'ENJ',
  section: [
    {
      heading: '',
      p: [
        { text: 'Enjin Coin (ENJ) is the token of Enjin, a company founded in 2009 as a platform for gaming communities. ENJ was created in 2017 as a token on Ethereum, to be used for items in video games and other digital goods recorded on a blockchain (NFTs).' },
        { text: 'Enjin later built its own blockchain for these items, where ENJ is the native token.' },
      ],
    },
    {
      heading: 'How it works',
      p: [
        { text: 'On Ethereum, Enjin helped write ERC-1155, a standard that lets one contract manage many kinds of tokens at once, which suits games with many different items. Items made with Enjin\'s tools hold a small amount of ENJ inside them, which can be recovered by destroying ("melting") the item.' },
        { text: 'The Enjin Blockchain has built-in functions for creating and trading NFTs, so developers do not need to write their own smart contracts. Validators and the ENJ holders who back them stake ENJ to secure it, and fees there are paid in ENJ.' },
      ],
      ul: [
        { heading: 'On Ethereum', text: 'ENJ exists as a token on Ethereum, where it was first issued.' },
        { heading: 'On the Enjin Blockchain', text: 'ENJ is the native token, used for fees and staking; ENJ can be moved there from Ethereum through Enjin\'s official migration.' },
      ],
    },
    {
      heading: 'What it is used for',
      p: [
        { text: 'ENJ is used by game developers and brands to create in-game items, digital collectibles and loyalty rewards, and by players to trade them. It is also traded on crypto exchanges.' },
      ],
    },
    {
      heading: 'Things to know',
      p: [],
      ul: [
        { heading: 'Volatility', text: 'The price of ENJ can move sharply in a short time.' },
        { heading: 'Changing demand for NFTs', text: 'Interest in NFTs and blockchain games has risen and fallen sharply over the years.' },
        { heading: 'Dependence on one company', text: 'Enjin\'s tools, blockchain and marketplace are developed mainly by one company.' },
        { heading: 'Two networks', text: 'ENJ on Ethereum and ENJ on the Enjin Blockchain live on different networks. Check which one a wallet or service supports before you send.' },
      ],
    },
    {
      heading: 'History',
      p: [],
      ul: [
        { heading: '2009', text: 'Enjin is founded as a platform for gaming communities.' },
        { heading: '2017', text: 'ENJ is sold in a token sale on Ethereum.' },
        { heading: '2018', text: 'The ERC-1155 token standard is proposed by a co-founder of Enjin.' },
        { heading: '2023', text: 'The Enjin Blockchain launches.' },
      ],
    },
  ],
} satisfies CoinInfo;
