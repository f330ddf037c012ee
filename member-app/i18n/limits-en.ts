// Texts of the member's levels and limits: the Limits card on the profile page and the short
// "left this month" line beside the amount on buy, sell and withdraw.

export const limitsEn = {
  'limits.title': 'Limits',
  'limits.lead': 'How much you can move depends on how far you have verified your account. Days and months follow UTC.',
  'limits.loading': 'Loading your limits…',
  'limits.error': 'We could not load your limits.',
  'limits.retry': 'Try again',
  'limits.yourLevel': 'Your verification level',
  'limits.noLevel': 'None yet',
  'limits.tableCaption': 'What is left at your level, in {currency}',
  'limits.operation': 'Operation',
  'limits.leftToday': 'Left today',
  'limits.leftMonth': 'Left this month',
  'limits.monthly': 'Monthly limit',
  'limits.nextTitle': 'Next level: {level}',
  'limits.nextNeeds': 'To raise your limits, {steps}.',
  'limits.nextRaises': 'Then you can buy up to {buy} and send up to {send} a month.',
  'limits.goCompliance': 'Go to Account Verification',
  'limits.goVerification': 'Verify your email and phone',
  'limits.top': 'You have the highest verification level.',
  'limits.leftLine': 'Left this month at your verification level: {amount}',
  'limits.leftLineToday': 'Left this month at your verification level: {amount} (today: {today})',
  'limits.raise': 'Raise your limits',
  'limits.and': 'and',

  'level.basic': 'Basic',
  'level.verified': 'Identity verified',
  'level.enhanced': 'Enhanced',

  'op.buy': 'Buy',
  'op.sell': 'Sell, trade and exchange',
  'op.deposit': 'Deposit',
  'op.withdraw': 'Withdraw to a bank',
  'op.send': 'Send crypto',

  'req.email': 'verify your email',
  'req.phone': 'verify your phone number',
  'req.identity': 'verify your identity (an identity document and a selfie)',
  'req.proof_of_address': 'send a proof of address',
} as const;

export type LimitsKey = keyof typeof limitsEn;
