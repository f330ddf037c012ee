import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'XRP',
  iso: 'XRP',
  section: [
    {
      heading: '',
      p: [
        { text: 'XRP is the native currency of the XRP Ledger, a public blockchain that started in 2012. It is often called "Ripple" after Ripple, the company that has promoted XRP and uses it in its payment products.' },
        { text: 'The XRP Ledger and Ripple are separate: the ledger is open-source software that anyone can run, while Ripple is a private company and one of the largest holders of XRP.' },
      ],
    },
    {
      heading: 'How it works',
      p: [
        { text: 'XRP is not mined. Independent servers called validators agree on each new version of the ledger every few seconds. Each server chooses a list of validators it trusts, and a change is accepted when a large majority of that list agrees.' },
      ],
      ul: [
        { heading: 'Supply', text: 'All 100 billion XRP were created when the ledger started. A small fee is destroyed with every transaction, so the total slowly shrinks.' },
        { heading: 'Reserve', text: 'Each account must keep a small minimum balance of XRP, which protects the ledger from being filled with empty accounts.' },
        { heading: 'Units', text: 'One XRP divides into a million drops.' },
        { heading: 'Built-in exchange', text: 'The ledger can hold tokens issued by others and has its own exchange for trading them.' },
      ],
    },
    {
      heading: 'What it is used for',
      p: [
        { text: 'XRP is used to make fast, low-cost transfers and as a bridge currency when converting one currency into another, for example in cross-border payments between financial institutions. It is also traded on crypto exchanges.' },
      ],
    },
    {
      heading: 'Things to know',
      p: [],
      ul: [
        { heading: 'Volatility', text: 'The price of XRP can move sharply in a short time.' },
        { heading: 'Concentrated holdings', text: 'Ripple holds a large share of all XRP, much of it in escrow released over time, so its sales can affect the market.' },
        { heading: 'Validator lists', text: 'Most servers follow a recommended list of validators rather than choosing their own, which critics see as a point of centralisation.' },
        { heading: 'Legal history', text: 'From 2020 to 2025 Ripple was in a court case with the US Securities and Exchange Commission over its sales of XRP. Rules for crypto assets still differ by country.' },
      ],
    },
    {
      heading: 'History',
      p: [],
      ul: [
        { heading: '2012', text: 'The XRP Ledger goes live, and the company that later becomes Ripple is founded.' },
        { heading: '2017', text: 'Ripple places 55 billion XRP in escrow, to be released in monthly portions.' },
        { heading: '2020', text: 'The SEC sues Ripple, arguing that its XRP sales were unregistered securities offerings.' },
        { heading: '2023', text: 'A US court rules that XRP sold on exchanges to the public was not offered as a security, while direct sales to institutions were.' },
        { heading: '2025', text: 'The case ends after both sides drop their appeals.' },
      ],
    },
  ],
} satisfies CoinInfo;
