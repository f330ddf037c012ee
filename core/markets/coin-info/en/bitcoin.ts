import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Bitcoin',
  iso: 'BTC',
  section: [
    {
      heading: '',
      p: [
        { text: 'Bitcoin is a digital currency that people can send to each other over the internet without a bank or payment company in the middle. It was described in a white paper published in 2008 under the name Satoshi Nakamoto, whose identity is still unknown, and its network started running in January 2009.' },
        { text: 'Every transaction is recorded on a public ledger, the blockchain, which thousands of independent computers around the world keep in step. Nobody owns the network, and changes to its rules only take effect when the people running it choose to adopt them.' },
      ],
    },
    {
      heading: 'How it works',
      p: [
        { text: 'New blocks of transactions are added by miners, who compete to solve a computational puzzle. This method is called proof of work. The winner of each round adds the block and receives newly created bitcoin plus the fees paid by the transactions in it. The difficulty of the puzzle adjusts so that a block is found roughly every ten minutes.' },
      ],
      ul: [
        { heading: 'Fixed supply', text: 'There will never be more than 21 million bitcoin. The reward for a new block halves every 210,000 blocks, about every four years, so new coins are issued ever more slowly.' },
        { heading: 'Small units', text: 'One bitcoin divides into 100 million satoshis, so payments of any size can be made in fractions of a coin.' },
        { heading: 'Keys, not accounts', text: 'Whoever holds the private key of an address can spend what it holds. A wallet is software that keeps those keys and signs payments with them.' },
      ],
    },
    {
      heading: 'What it is used for',
      p: [
        { text: 'People use bitcoin to send value across borders, to pay merchants that accept it, and to hold savings outside the banking system. Because the ledger is public and the rules are known in advance, anyone can check a payment for themselves.' },
        { text: 'Payments on the main network are final once they are buried under a few blocks. Networks built on top of Bitcoin, such as the Lightning Network, aim to make small payments faster and cheaper.' },
      ],
    },
    {
      heading: 'Things to know',
      p: [{ text: 'Before you buy, send or accept bitcoin, keep these points in mind.' }],
      ul: [
        { heading: 'Volatility', text: 'The price of bitcoin can rise or fall sharply within hours, and it has lost a large part of its value several times in its history.' },
        { heading: 'Payments cannot be reversed', text: 'A confirmed payment cannot be cancelled. Check the address and the amount before you send.' },
        { heading: 'Keeping keys safe', text: 'If you hold your own keys and lose them, nobody can recover your coins. If a company holds them for you, you depend on that company.' },
        { heading: 'Fees and speed', text: 'Network fees depend on how busy the network is and can be high at peak times.' },
        { heading: 'Energy and rules', text: 'Mining uses a large amount of electricity, which is the subject of public debate, and the rules for buying and holding bitcoin differ from country to country.' },
      ],
    },
    {
      heading: 'History',
      p: [],
      ul: [
        { heading: '2008', text: 'The Bitcoin white paper is published.' },
        { heading: '2009', text: 'The first block is mined on 3 January and the network starts.' },
        { heading: '2010', text: 'A programmer pays 10,000 bitcoin for two pizzas, one of the first purchases of goods with bitcoin.' },
        { heading: '2017', text: 'The SegWit upgrade activates. In the same year, a disagreement over how to scale the network leads to a split that creates Bitcoin Cash.' },
        { heading: '2021', text: 'The Taproot upgrade activates, and El Salvador makes bitcoin legal tender.' },
        { heading: '2024', text: 'Spot bitcoin exchange-traded funds begin trading in the United States, and the fourth halving cuts the block reward to 3.125 bitcoin.' },
      ],
    },
  ],
} satisfies CoinInfo;
