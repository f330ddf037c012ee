import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'VeChain',
  iso: 'VET',
  section: [
    {
      heading: '',
      p: [
        { text: 'VeChain is a public blockchain aimed mainly at businesses, in particular at tracking products through supply chains: recording where goods come from, how they are handled and where they go. Its main network, VeChainThor, launched in 2018.' },
        { text: 'The project was founded by Sunny Lu and is supported by the VeChain Foundation.' },
      ],
    },
    {
      heading: 'How it works',
      p: [
        { text: 'VeChain uses two tokens. VET is the main token, which people hold and transfer. Holding VET generates a second token, VTHO, which pays transaction fees. Separating the two is meant to keep the cost of using the network more predictable than the price of VET.' },
        { text: 'Blocks have been produced by a limited set of authority nodes whose operators are vetted by the VeChain Foundation. The foundation has announced a move towards a staking model open to more participants; check the official website for the current state.' },
      ],
      ul: [
        { heading: 'VET', text: 'The main token, used to hold and transfer value and to generate VTHO.' },
        { heading: 'VTHO', text: 'The fee token. Part of the VTHO paid in fees is destroyed.' },
      ],
    },
    {
      heading: 'What it is used for',
      p: [
        { text: 'Businesses use VeChain to record product origin and handling, to let customers check that goods are authentic, and to track data such as carbon emissions. VET is also traded on crypto exchanges.' },
      ],
    },
    {
      heading: 'Things to know',
      p: [],
      ul: [
        { heading: 'Volatility', text: 'The price of VET can move sharply in a short time.' },
        { heading: 'Centralisation', text: 'Block producers have been approved by the foundation, which makes the network more centralised than open proof-of-work or proof-of-stake blockchains.' },
        { heading: 'Business adoption', text: 'Announced partnerships do not always turn into lasting use. Check claims about adoption against independent sources.' },
      ],
    },
    {
      heading: 'History',
      p: [],
      ul: [
        { heading: '2017', text: 'The VEN token is sold as a token on Ethereum.' },
        { heading: '2018', text: 'The VeChainThor network launches, and VEN is swapped for VET at 1 VEN to 100 VET.' },
      ],
    },
  ],
} satisfies CoinInfo;
