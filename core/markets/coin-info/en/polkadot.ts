import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Polkadot',
  iso: 'DOT',
  section: [
    {
      heading: '',
      p: [
        { text: 'Polkadot is a network that connects several blockchains, letting them share security and exchange messages. DOT is its native token.' },
        { text: 'It was designed by Gavin Wood, a co-founder of Ethereum, and is supported by the Web3 Foundation. The network launched in 2020.' },
      ],
    },
    {
      heading: 'How it works',
      p: [
        { text: 'At its centre is the relay chain, secured by validators under nominated proof of stake: DOT holders nominate the validators they trust, and both can lose part of their stake if a validator misbehaves. Other blockchains attach to the relay chain and rely on its validators instead of recruiting their own.' },
      ],
      ul: [
        { heading: 'Supply', text: 'New DOT is issued to reward staking. How much is issued is decided by the network\'s on-chain governance, where DOT holders vote.' },
        { heading: 'Units', text: 'One DOT divides into 10^10 planck.' },
        { heading: 'Governance', text: 'Changes to the network, including upgrades of its software, are decided by referendums in which DOT holders vote.' },
      ],
    },
    {
      heading: 'What it is used for',
      p: [
        { text: 'DOT is used to stake and secure the network, to vote in governance and to pay fees. Projects use it to obtain space on the relay chain for their own blockchains, once through auctions in which DOT was locked up and now by buying time on the network ("coretime").' },
      ],
    },
    {
      heading: 'Things to know',
      p: [],
      ul: [
        { heading: 'Volatility', text: 'The price of DOT can move sharply in a short time.' },
        { heading: 'Staking lock-up', text: 'Staked DOT takes days to become spendable again after unstaking, and can be cut if the chosen validator misbehaves.' },
        { heading: 'Complexity', text: 'The design has many parts and has changed over time, so how it works today may differ from older descriptions.' },
        { heading: 'Changing rules', text: 'Because governance can change the network\'s parameters, including issuance, the rules may differ in the future.' },
      ],
    },
    {
      heading: 'History',
      p: [],
      ul: [
        { heading: '2016', text: 'Gavin Wood publishes the Polkadot white paper.' },
        { heading: '2017', text: 'DOT is sold in a token sale. Months later, a bug in a widely used Ethereum wallet library freezes a large part of the funds raised.' },
        { heading: '2020', text: 'The network launches, and DOT transfers are enabled.' },
        { heading: '2021', text: 'The first auctions for space on the relay chain are held.' },
      ],
    },
  ],
} satisfies CoinInfo;
