import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Chainlink',
  iso: 'LINK',
  section: [
    {
      heading: '',
      p: [
        { text: 'Chainlink is a network of oracles: services that bring information from outside a blockchain, such as market prices, onto it, so that smart contracts can use it. A smart contract cannot look up a price on the internet by itself; an oracle delivers it.' },
        { text: 'LINK is the token that pays the operators of the network. It was created in 2017 as a token on Ethereum, and the network went live in 2019.' },
      ],
    },
    {
      heading: 'How it works',
      p: [
        { text: 'Independent node operators each fetch the same data from several sources. Their answers are combined into one value on the blockchain, so that no single operator or source decides the result.' },
      ],
      ul: [
        { heading: 'Supply', text: 'The total supply is fixed at one billion LINK, all created at launch. A large share was kept by the company behind Chainlink and is released over time.' },
        { heading: 'Payment and staking', text: 'Operators are paid in LINK, and since 2022 holders can stake LINK to back the reliability of some services.' },
        { heading: 'Many chains', text: 'Chainlink serves many blockchains and offers a protocol for sending messages and tokens between them.' },
      ],
    },
    {
      heading: 'What it is used for',
      p: [
        { text: 'Chainlink\'s price feeds are used by lending and trading applications to value collateral and settle trades. It also provides random numbers that can be checked, the automatic running of contracts at set times, and transfers between blockchains.' },
      ],
    },
    {
      heading: 'Things to know',
      p: [],
      ul: [
        { heading: 'Volatility', text: 'The price of LINK can move sharply in a short time.' },
        { heading: 'Shared dependency', text: 'Many applications rely on the same data feeds, so a faulty feed can affect all of them at once.' },
        { heading: 'Concentrated holdings', text: 'A large part of all LINK is held by the company behind the project, and its sales can affect the market.' },
        { heading: 'Smart contract risk', text: 'Like any software on a blockchain, the contracts involved can have bugs.' },
      ],
    },
    {
      heading: 'History',
      p: [],
      ul: [
        { heading: '2017', text: 'The Chainlink white paper is published and LINK is sold in a token sale.' },
        { heading: '2019', text: 'The network goes live on Ethereum.' },
        { heading: '2022', text: 'LINK staking begins.' },
        { heading: '2023', text: 'The protocol for transfers between blockchains goes live on main networks, first in early access.' },
      ],
    },
  ],
} satisfies CoinInfo;
