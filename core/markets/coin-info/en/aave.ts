import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Aave',
  iso: 'AAVE',
  section: [
    {
      heading: '',
      p: [
        { text: 'Aave is a decentralised lending protocol: smart contracts where people deposit crypto assets to earn interest, and others borrow against collateral, without a bank in between. AAVE is the token used to govern it.' },
        { text: 'The project began in 2017 as ETHLend, founded by Stani Kulechov, took the name Aave (Finnish for "ghost") in 2018, and launched its current lending protocol in 2020. It runs on Ethereum and several other networks.' },
      ],
    },
    {
      heading: 'How it works',
      p: [
        { text: 'Each asset has a pool. Lenders add to it and earn interest; borrowers take from it and pay interest. Rates change automatically with how much of the pool is borrowed.' },
        { text: 'Borrowers must deposit collateral worth more than what they borrow. If the value of the collateral falls too far, part of it is sold to other users at a discount to repay the loan. This is called liquidation.' },
      ],
      ul: [
        { heading: 'Supply', text: 'There are at most 16 million AAVE: 13 million were swapped for the earlier LEND token in 2020, and 3 million went to a reserve for the ecosystem.' },
        { heading: 'Governance', text: 'AAVE holders vote on the protocol\'s parameters, such as which assets can be used and on what terms.' },
        { heading: 'Flash loans', text: 'Aave offers loans without collateral that must be borrowed and repaid within the same transaction; if the repayment fails, the whole transaction is undone.' },
      ],
    },
    {
      heading: 'What it is used for',
      p: [
        { text: 'People use Aave to earn interest on crypto they hold, to borrow against it without selling it, and, with AAVE, to vote on changes. Holders can also stake AAVE to help cover the protocol if it runs short of funds.' },
      ],
    },
    {
      heading: 'Things to know',
      p: [],
      ul: [
        { heading: 'Volatility', text: 'The price of AAVE, like the prices of the assets used as collateral, can move sharply in a short time.' },
        { heading: 'Liquidation', text: 'A fall in the value of your collateral can lead to part of it being sold, with a penalty.' },
        { heading: 'Smart contract and price-data risk', text: 'Bugs in the contracts, or wrong prices from the data feeds the protocol relies on, can cause losses.' },
        { heading: 'Staking risk', text: 'AAVE staked to protect the protocol can be partly used to cover a shortfall.' },
      ],
    },
    {
      heading: 'History',
      p: [],
      ul: [
        { heading: '2017', text: 'ETHLend launches as a lending marketplace on Ethereum.' },
        { heading: '2018', text: 'The project takes the name Aave.' },
        { heading: '2020', text: 'The Aave lending protocol launches in January, and in October AAVE replaces LEND, at 100 LEND for 1 AAVE.' },
        { heading: '2023', text: 'Aave governance launches GHO, a stablecoin issued through the protocol.' },
      ],
    },
  ],
} satisfies CoinInfo;
