// One transaction in a dialog (POST /v1/transactions/getTransacionaDetails, the spec's spelling).
// What it took from and added to the member's wallets reads as in the list (the same rows of
// transaction-view.ts: a conversion's debit includes its fee, a failed deposit says not credited, and
// why when the network dropped its transaction).
// While it is open (initial or pending) its status is asked for every 5 s
// (POST /v1/transactions/getTransactionStatus); a change reloads the details and is announced.
import { useEffect, useState, type ReactNode } from 'react';
import { getTransacionaDetails, getTransactionStatus, type TransactionRecord } from '#core/contract/transactions.ts';
import { transactionStatusLabel } from '#core/rules/transaction-display.ts';
import { movementDirection, walletMovement, requestedMinor } from '#core/rules/wallet-movement.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { Modal } from '#ui/modal/modal.tsx';
import { memberApi } from '#ui/session/member-api.ts';
import { useWalletsT } from '../../i18n/use-wallets-t.ts';
import { AmountText, useStatusText } from '../../wallets/transaction-list.tsx';
import { amountView, dateTimeText, isOpen, kindKey, statusTone } from '../../wallets/transaction-view.ts';
import { amountText } from '../../wallets/wallet-view.ts';
import { walletsErrorText } from '../../wallets/wallets-error-text.ts';

const STATUS_REFRESH_MS = 5_000;

export function TransactionDetail({ transactionId, onClose, onChanged }: { transactionId: string; onClose: () => void; onChanged: () => void }) {
  const t = useWalletsT();
  const locale = useBootStore((state) => state.locale);
  const statusText = useStatusText();
  const [record, setRecord] = useState<TransactionRecord | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [announce, setAnnounce] = useState('');
  const [version, setVersion] = useState(0);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let live = true;
    void memberApi()
      .call(getTransacionaDetails, { body: { transaction_id: transactionId } })
      .then((result) => {
        if (!live) return;
        if (result.ok) {
          setRecord(result.data.transaction);
          setError(null);
        } else setError(result.error);
      });
    return () => {
      live = false;
    };
  }, [transactionId, version]);

  useEffect(() => {
    if (!record || !isOpen(record)) return undefined;
    const timer = setTimeout(() => {
      void memberApi()
        .call(getTransactionStatus, { body: { transaction_id: record.id } })
        .then((result) => {
          if (!result.ok) {
            setTick((n) => n + 1);
            return;
          }
          if (result.data.status !== record.status || result.data.payment_status !== record.payment_status) {
            const label = transactionStatusLabel({ ...record, ...result.data });
            if (label) setAnnounce(t('detail.statusChanged', { status: statusText(label) }));
            onChanged();
            setVersion((n) => n + 1); // read the full record again
          } else setTick((n) => n + 1); // ask again later

        });
    }, STATUS_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [record, tick, onChanged, statusText, t]);

  const label = record ? transactionStatusLabel(record) : null;
  return (
    <Modal open title={t('detail.title')} onClose={onClose}>
      <div role="status" aria-live="polite" className="visually-hidden">{announce}</div>
      {error && !record ? <p className="form-alert form-alert--error" role="alert">{t('detail.error')} {walletsErrorText(error, locale)}</p> : null}
      {!record && !error ? <p role="status">{t('detail.loading')}</p> : null}
      {record ? (
        <dl className="facts tx-detail" data-testid="tx-detail">
          <Fact term={t('detail.kind')}>{t(kindKey(record))}</Fact>
          <Fact term={t('detail.status')}>
            {label ? <span className={`tx-status tx-status--${statusTone(label)}`}>{statusText(label)}</span> : record.status}
          </Fact>
          {record.dropped ? <Fact term={t('detail.why')}>{t(`dropped.${record.dropped}Why`)}</Fact> : null}
          {(record.type === 'conversion' ? (['debit', 'credit'] as const) : [null]).map((side) => (
            <Fact key={side ?? 'one'} term={t(movementDirection(record, side) === 'out' ? 'detail.debit' : 'detail.credit')}>
              <AmountText amount={amountView(walletMovement(record, side), locale, requestedMinor(record, side))} />
            </Fact>
          ))}
          <Fact term={t('detail.fee')}>{amountText(record.fee, record.fee_currency, locale)}</Fact>
          {record.rate ? <Fact term={t('detail.rate')}>{`1 ${record.currency_iso} = ${record.rate} ${record.currency_2_iso ?? ''}`}</Fact> : null}
          <Fact term={t('detail.method')}>{t(`method.${record.method}`)}</Fact>
          {record.counterparty ? <Fact term={t('detail.counterparty')}><code className="tx-detail__code">{record.counterparty}</code></Fact> : null}
          {record.reference ? <Fact term={t('detail.reference')}><code className="tx-detail__code">{record.reference}</code></Fact> : null}
          {record.required_confirmations !== null && record.confirmations !== null ? (
            <Fact term={t('detail.confirmations')}>
              {/* The chain keeps counting after the deposit is final: "3 of 2" would read like an error. */}
              {record.confirmations >= record.required_confirmations
                ? t('detail.confirmationsDone', { count: record.confirmations })
                : t('detail.confirmationsValue', { count: record.confirmations, required: record.required_confirmations })}
            </Fact>
          ) : null}
          <Fact term={t('detail.created')}>{dateTimeText(record.created_at, locale)}</Fact>
          <Fact term={t('detail.updated')}>{dateTimeText(record.updated_at, locale)}</Fact>
          <Fact term={t('detail.id')}><code className="tx-detail__code">{record.id}</code></Fact>
        </dl>
      ) : null}
      {record && isOpen(record) ? <p className="panel__note">{t('detail.refreshing')}</p> : null}
    </Modal>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
