import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Tether',
  iso: 'USDT',
  section: [
    {
      heading: '',
      p: [
        { text: 'Tether (USDT) is a stablecoin: a token designed to keep a value of one US dollar. It is issued by a private company, also called Tether, and first appeared in 2014.' },
        { text: 'USDT has no blockchain of its own. The same token is issued on several networks, among them Ethereum and Tron, and each version lives only on its own network.' },
      ],
    },
    {
      heading: 'How it works',
      p: [
        { text: 'Tether creates new USDT when its customers send it dollars, and takes USDT out of circulation when they hand tokens back for dollars. Against the tokens in circulation it holds reserves, mostly short-term US government debt and similar assets, and publishes regular reports on them from an accounting firm.' },
      ],
      ul: [
        { heading: 'Supply', text: 'There is no fixed limit: the amount of USDT follows demand, growing as tokens are issued and shrinking as they are redeemed.' },
        { heading: 'Redemption', text: 'Only verified customers of Tether can exchange USDT for dollars with the company directly, subject to its conditions. Everyone else buys and sells USDT on the market.' },
        { heading: 'Freezing', text: 'The token contracts let Tether freeze the USDT held at an address, which it has done, for example at the request of law enforcement.' },
      ],
    },
    {
      heading: 'What it is used for',
      p: [
        { text: 'USDT is widely used on crypto exchanges as a dollar-denominated unit for trading, and to move value between exchanges quickly. It is also used for payments and transfers, and by people who want to hold dollars where they are hard to obtain.' },
      ],
    },
    {
      heading: 'Things to know',
      p: [],
      ul: [
        { heading: 'Issuer risk', text: 'USDT is only worth a dollar as long as Tether can and will redeem it. Its value rests on the company\'s reserves and on how it manages them.' },
        { heading: 'Price below one dollar', text: 'At times of market stress, USDT has briefly traded below one dollar.' },
        { heading: 'Regulatory history', text: 'In 2021 Tether settled with the New York Attorney General and paid a penalty to the US Commodity Futures Trading Commission over past statements about its reserves. Rules for stablecoins differ by country and are still changing.' },
        { heading: 'Choose the right network', text: 'USDT sent on one network cannot be received on another. Check that the sender and the receiver use the same network.' },
      ],
    },
    {
      heading: 'History',
      p: [],
      ul: [
        { heading: '2014', text: 'The token launches, first under the name Realcoin, on a layer built on Bitcoin.' },
        { heading: '2019', text: 'USDT is issued on the Tron network, which becomes one of its most used networks.' },
        { heading: '2021', text: 'Tether settles with the New York Attorney General and with the CFTC over statements about its reserves.' },
      ],
    },
  ],
} satisfies CoinInfo;
