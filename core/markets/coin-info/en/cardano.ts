import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Cardano',
  iso: 'ADA',
  section: [
    {
      heading: '',
      p: [
        { text: 'Cardano is a public proof-of-stake blockchain for payments and smart contracts. Its coin, ADA, is named after the mathematician Ada Lovelace, and the network after the Renaissance scholar Gerolamo Cardano.' },
        { text: 'The project was started by Charles Hoskinson, a co-founder of Ethereum, and launched in 2017. It is developed mainly by three organisations, Input Output, the Cardano Foundation and EMURGO, and it is known for basing its design on peer-reviewed research.' },
      ],
    },
    {
      heading: 'How it works',
      p: [
        { text: 'Cardano\'s proof-of-stake protocol is called Ouroboros. ADA holders delegate their stake to stake pools run by operators, which take turns producing blocks. Delegated ADA is not locked: holders can spend it at any time.' },
      ],
      ul: [
        { heading: 'Supply', text: 'There will never be more than 45 billion ADA. Staking rewards are paid from a reserve of ADA that has not yet been issued, together with transaction fees.' },
        { heading: 'Units', text: 'One ADA divides into a million lovelace.' },
        { heading: 'Governance', text: 'ADA holders vote on changes to the protocol and on spending from the network\'s treasury.' },
      ],
    },
    {
      heading: 'What it is used for',
      p: [
        { text: 'ADA is used for payments, to pay transaction fees, for staking and for voting. Cardano also supports tokens created directly on the ledger and smart contracts for applications such as trading and lending.' },
      ],
    },
    {
      heading: 'Things to know',
      p: [],
      ul: [
        { heading: 'Volatility', text: 'The price of ADA can move sharply in a short time.' },
        { heading: 'Smart contract risk', text: 'Applications built on Cardano can have bugs, and their transactions cannot be reversed.' },
        { heading: 'A few central organisations', text: 'Much of the development has been led by a small number of organisations, although decisions are increasingly taken by on-chain votes of ADA holders.' },
      ],
    },
    {
      heading: 'History',
      p: [],
      ul: [
        { heading: '2017', text: 'The Cardano network launches in September.' },
        { heading: '2020', text: 'The Shelley upgrade lets community-run stake pools produce blocks.' },
        { heading: '2021', text: 'Tokens on the ledger arrive in March, and the Alonzo upgrade enables smart contracts in September.' },
        { heading: '2024', text: 'The Chang upgrade starts on-chain governance by ADA holders.' },
      ],
    },
  ],
} satisfies CoinInfo;
