import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'BNB',
  iso: 'BNB',
  section: [
    {
      heading: '',
      p: [
        { text: 'BNB, first called Binance Coin, is the native coin of BNB Chain, a group of blockchains started by the crypto exchange Binance. It was created in 2017, when Binance sold it to raise funds, initially as a token on Ethereum.' },
        { text: 'BNB later moved to Binance\'s own blockchains. Today it pays the fees on BNB Smart Chain, a network that runs the same kind of smart contracts as Ethereum.' },
      ],
    },
    {
      heading: 'How it works',
      p: [
        { text: 'BNB Smart Chain uses a method called proof of staked authority: a small, limited set of validators, chosen according to the BNB staked with them, takes turns producing blocks. This allows short block times and low fees, at the cost of fewer independent validators than on larger networks.' },
      ],
      ul: [
        { heading: 'Supply', text: 'BNB started with 200 million coins. Part of the supply is destroyed ("burned") every quarter, and part of the fees too, with the stated aim of reducing the total to 100 million.' },
        { heading: 'Fees', text: 'Every transaction on BNB Smart Chain pays its fee in BNB.' },
      ],
    },
    {
      heading: 'What it is used for',
      p: [
        { text: 'BNB pays transaction fees on BNB Chain and is used in the lending, trading and other applications built on it. Binance also offers lower trading fees to customers who pay them in BNB.' },
      ],
    },
    {
      heading: 'Things to know',
      p: [],
      ul: [
        { heading: 'Volatility', text: 'The price of BNB can move sharply in a short time.' },
        { heading: 'Ties to one company', text: 'BNB Chain is closely linked to Binance, and what happens to the company can affect the coin.' },
        { heading: 'Few validators', text: 'Block production rests with a small set of validators, which makes the network more centralised than larger public blockchains.' },
        { heading: 'Smart contract and bridge risk', text: 'Applications and bridges on the chain can have bugs. In 2022 an attack on a bridge created BNB out of thin air, and the validators paused the chain to contain it.' },
      ],
    },
    {
      heading: 'History',
      p: [],
      ul: [
        { heading: '2017', text: 'Binance sells BNB in its coin offering, as a token on Ethereum.' },
        { heading: '2019', text: 'BNB moves to Binance\'s own blockchain.' },
        { heading: '2020', text: 'Binance Smart Chain, compatible with Ethereum\'s smart contracts, goes live.' },
        { heading: '2022', text: 'The networks are renamed BNB Chain. A bridge attack leads the validators to pause the chain.' },
        { heading: '2023', text: 'Binance and its founder plead guilty in the United States to breaking anti-money-laundering and sanctions rules, and the company agrees to pay about 4.3 billion dollars.' },
      ],
    },
  ],
} satisfies CoinInfo;
