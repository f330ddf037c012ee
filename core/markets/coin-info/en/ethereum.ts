import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Ethereum',
  iso: 'ETH',
  section: [
    {
      heading: '',
      p: [
        { text: 'Ethereum is a public blockchain that runs programs, called smart contracts, as well as payments. Its native currency is ether (ETH), which pays the fees for every transaction and every program run on the network.' },
        { text: 'Ethereum was proposed by Vitalik Buterin in a white paper in 2013 and went live in July 2015. Many other tokens, including the largest dollar stablecoins, are issued on it.' },
      ],
    },
    {
      heading: 'How it works',
      p: [
        { text: 'Since September 2022 Ethereum has used proof of stake. Validators lock up 32 ETH each to take part in proposing and confirming blocks, which are added every 12 seconds. A validator that breaks the rules can lose part of its stake.' },
      ],
      ul: [
        { heading: 'Supply', text: 'Ether has no fixed maximum supply. New ether rewards validators, while part of every transaction fee is destroyed, so the total supply can grow or shrink depending on how busy the network is.' },
        { heading: 'Fees', text: 'Every operation costs "gas", paid in ether. The price of gas rises when many people want to use the network at the same time.' },
        { heading: 'Units', text: 'One ether divides into 10^18 wei, the smallest unit.' },
      ],
    },
    {
      heading: 'What it is used for',
      p: [
        { text: 'Developers use Ethereum to build applications that run without a central operator: tokens, stablecoins, lending and trading services (often called decentralised finance), and digital collectibles (NFTs).' },
        { text: 'A growing share of activity happens on layer-2 networks, which bundle many transactions together and record the result on Ethereum, to lower fees.' },
      ],
    },
    {
      heading: 'Things to know',
      p: [],
      ul: [
        { heading: 'Volatility', text: 'The price of ether can move sharply in a short time.' },
        { heading: 'Smart contract risk', text: 'A program with a bug can lose the funds it holds, and transactions on the blockchain cannot be reversed. An application being on Ethereum says nothing about whether its code is safe.' },
        { heading: 'Changing fees', text: 'Fees vary with demand and can be high when the network is busy.' },
        { heading: 'Staking', text: 'Staked ether can be penalised if a validator misbehaves, and staking through a provider means trusting that provider.' },
      ],
    },
    {
      heading: 'History',
      p: [],
      ul: [
        { heading: '2013', text: 'Vitalik Buterin publishes the Ethereum white paper.' },
        { heading: '2015', text: 'The network goes live on 30 July.' },
        { heading: '2016', text: 'After an attack on "The DAO", an investment contract, the community changes the blockchain to return the funds. The chain that kept the original history continues as Ethereum Classic.' },
        { heading: '2021', text: 'The London upgrade starts destroying part of every transaction fee.' },
        { heading: '2022', text: 'The Merge moves Ethereum from proof of work to proof of stake, cutting its energy use by more than 99 percent.' },
        { heading: '2023', text: 'The Shanghai upgrade lets validators withdraw their staked ether.' },
      ],
    },
  ],
} satisfies CoinInfo;
