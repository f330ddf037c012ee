import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'USDC',
  iso: 'USDC',
  section: [
    {
      heading: '',
      p: [
        { text: 'USDC is a stablecoin: a token designed to keep a value of one US dollar. It is issued by Circle, a US financial technology company, and launched in 2018.' },
        { text: 'USDC is issued natively on many blockchains, among them Ethereum and Solana. It has no blockchain of its own: each network\'s rules decide how quickly and cheaply it moves there.' },
      ],
    },
    {
      heading: 'How it works',
      p: [
        { text: 'Circle issues new USDC when its customers deposit dollars and destroys USDC when they redeem tokens for dollars. The reserves behind the tokens are held in cash and short-term US government debt, and an independent accounting firm reports on them every month.' },
      ],
      ul: [
        { heading: 'Supply', text: 'There is no fixed limit: the amount of USDC in circulation follows demand.' },
        { heading: 'Units', text: 'One USDC divides into a million units (six decimal places).' },
        { heading: 'Moving between networks', text: 'Circle runs a service that destroys USDC on one blockchain and issues the same amount on another, so the token can change networks without a third-party bridge.' },
        { heading: 'Freezing', text: 'Circle can block addresses from using USDC, under its published terms and when the law requires it.' },
      ],
    },
    {
      heading: 'What it is used for',
      p: [
        { text: 'USDC is used to pay and transfer dollars on blockchains, to trade on crypto exchanges, as collateral in lending applications, and by businesses to settle payments outside banking hours.' },
      ],
    },
    {
      heading: 'Things to know',
      p: [],
      ul: [
        { heading: 'Issuer risk', text: 'USDC is only worth a dollar as long as Circle can redeem it. Its value rests on the company, its reserves, and the banks and funds that hold them.' },
        { heading: 'A past loss of the peg', text: 'In March 2023 part of the reserves was held at Silicon Valley Bank when it failed. USDC fell well below one dollar over a weekend and recovered once US authorities said the bank\'s depositors would be protected.' },
        { heading: 'Choose the right network', text: 'USDC sent on one network cannot be received on another. Check that the sender and the receiver use the same network.' },
        { heading: 'Regulation', text: 'Rules for stablecoins differ by country and are still changing.' },
      ],
    },
    {
      heading: 'History',
      p: [],
      ul: [
        { heading: '2018', text: 'USDC launches, governed by Centre, a consortium founded by Circle and the exchange Coinbase.' },
        { heading: '2023', text: 'The failure of Silicon Valley Bank briefly pushes USDC below one dollar. Later that year Centre is wound up and Circle governs USDC alone.' },
        { heading: '2024', text: 'Circle obtains an electronic money licence in France, allowing it to issue USDC under the European Union\'s MiCA rules.' },
      ],
    },
  ],
} satisfies CoinInfo;
