// What a withdrawal shows once its form is sent: the code step while it is 2-FA Pending, then the
// outcome. Crypto and fiat withdrawals share it, so both behave the same after the form.
import type { ReactElement } from 'react';
import type { useWithdrawal } from './use-withdrawal.ts';
import { WithdrawalCodeStep } from './withdrawal-code-step.tsx';
import { WithdrawalDone } from './withdrawal-done.tsx';

/** The view for the current stage, or null while the form is showing. `onAgain` clears the form. */
export function withdrawalStageView(flow: ReturnType<typeof useWithdrawal>, onAgain: () => void): ReactElement | null {
  const { stage } = flow;
  if (stage.kind === 'code') {
    return (
      <WithdrawalCodeStep
        transaction={stage.transaction}
        destination={stage.destination}
        sentTo={stage.sentTo}
        resend={flow.resend}
        onConfirmed={flow.confirmed}
        onCanceled={flow.canceled}
      />
    );
  }
  if (stage.kind === 'done' || stage.kind === 'canceled') {
    const again = () => {
      flow.reset();
      onAgain();
    };
    return <WithdrawalDone transaction={stage.kind === 'done' ? stage.transaction : null} onAgain={again} />;
  }
  return null;
}
