// The figures of a withdrawal, in the order a member checks them: what leaves the balance (the
// amount plus the fee, as the ledger takes it), the fee, what arrives, and where to. The form shows
// them as the member types; the code step shows them again from the server's record, so the member
// confirms exactly what will be sent.
import type { ReactNode } from 'react';
import type { Beneficiary } from '#core/contract/withdrawals.ts';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { BeneficiaryLine } from './beneficiary-form.tsx';

/** Where a withdrawal goes: the address typed, or the bank account chosen. */
export type Destination = { kind: 'address'; address: string } | { kind: 'bank'; beneficiary: Beneficiary };

export interface WithdrawalFiguresProps {
  /** Taken from the balance: amount + fee; null while the amount is not valid. */
  total: string | null;
  fee: string;
  /** What the recipient gets; null while the amount is not valid. */
  arrives: string | null;
  destination?: Destination | null;
  bank?: boolean;
}

export function WithdrawalFigures({ total, fee, arrives, destination, bank = false }: WithdrawalFiguresProps) {
  const t = useTradeT();
  return (
    <dl className="withdrawal-summary" aria-live="polite">
      <Row term={t('withdrawal.total')} testId="withdrawal-total">{total ?? '—'}</Row>
      <Row term={bank ? t('withdrawal.bankFee') : t('withdrawal.fee')} testId="withdrawal-fee">{fee}</Row>
      <Row term={t('withdrawal.arrives')} testId="withdrawal-arrives">{arrives ?? '—'}</Row>
      {destination ? (
        <Row term={t('withdrawal.to')} testId="withdrawal-to" wide>
          {destination.kind === 'address' ? <span className="mono withdrawal-summary__address">{destination.address}</span> : <BeneficiaryLine beneficiary={destination.beneficiary} />}
        </Row>
      ) : null}
    </dl>
  );
}

function Row({ term, testId, wide = false, children }: { term: string; testId: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'withdrawal-summary__wide' : undefined}>
      <dt>{term}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
