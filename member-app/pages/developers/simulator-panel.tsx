// Test mode only: the payment simulator and the webhook fault switch. A payment made here is a real
// payment of this merchant on the test network; the server drives it (faucet payments, mined blocks, the
// sweeper) to the outcome chosen, and this panel reads its state, events and webhooks every 2 s.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { CRYPTO, type CryptoAsset } from '#core/assets.ts';
import {
  createSimulatedPayment,
  driveSimulatedPayment,
  getSimulatedPayment,
  getWebhookFault,
  setWebhookFault,
  SIMULATED_OUTCOMES,
  WEBHOOK_FAULT_STATUSES,
  type SimulatedOutcome,
  type SimulatedPayment,
} from '#core/contract/developers.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { developersErrorText, useDevelopersT } from '../../i18n/use-developers-t.ts';
import { randomKey } from '../../trade/form-kit/attempt-key.ts';
import { useApiData } from '../../trade/form-kit/use-api-data.ts';
import { CoinMark } from '../wallets/coin-mark.tsx';
import { useDateTime } from './use-date-time.ts';

const POLL_MS = 2_000;

export function SimulatorPanel() {
  const t = useDevelopersT();
  const locale = useBootStore((state) => state.locale);
  const id = useId();
  const [coin, setCoin] = useState<CryptoAsset>('BTC');
  const [amount, setAmount] = useState('25.00');
  const [payment, setPayment] = useState<SimulatedPayment | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const token = payment?.transaction_token ?? null;

  // The payment as the server has it now: its events and the webhooks' delivery move on after the drive.
  useEffect(() => {
    if (!token) return undefined;
    let live = true;
    const timer = setInterval(() => {
      void memberApi().call(getSimulatedPayment, { query: { transaction_token: token } }).then((result) => {
        if (live && result.ok) setPayment(result.data);
      });
    }, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [token]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('create');
    const result = await memberApi().call(createSimulatedPayment, { body: { coin, amount: amount.trim() } }, { idempotencyKey: randomKey() });
    setBusy(null);
    if (!result.ok) return setProblem(developersErrorText(result.error, locale));
    setProblem(null);
    setPayment(result.data);
  };

  const drive = async (outcome: SimulatedOutcome) => {
    if (!token) return;
    setBusy(outcome);
    const result = await memberApi().call(driveSimulatedPayment, { body: { transaction_token: token, outcome } }, { idempotencyKey: randomKey() });
    setBusy(null);
    if (!result.ok) return setProblem(developersErrorText(result.error, locale));
    setProblem(null);
    setPayment(result.data);
  };

  // Nothing paid yet: a decimal string is zero exactly when it has no digit other than 0.
  const drivable = payment !== null && payment.status === 'new' && !/[1-9]/.test(payment.paid);
  return (
    <div className="panel developers__panel developers__simulator" role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="panel__title">
        {t('sim.title')} <span className="badge badge--test">{t('sim.badge')}</span>
      </h3>
      <p className="panel__lead">{t('sim.lead')}</p>
      <form className="developers__inline-form" onSubmit={(event) => void create(event)} noValidate>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-coin`}>{t('sim.coin')}</label>
          <select id={`${id}-coin`} className="form-field__input" value={coin} onChange={(e) => setCoin(e.target.value as CryptoAsset)}>
            {CRYPTO.map((asset) => <option key={asset} value={asset}>{asset}</option>)}
          </select>
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-amount`}>{t('sim.amount')}</label>
          <input id={`${id}-amount`} className="form-field__input" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </div>
        <button type="submit" className="button button--primary" disabled={busy !== null}>{busy === 'create' ? t('dev.working') : t('sim.create')}</button>
      </form>
      {problem ? <p className="form-alert form-alert--error" role="alert">{problem}</p> : null}
      {payment ? <PaymentView payment={payment} drivable={drivable} busy={busy} onDrive={(outcome) => void drive(outcome)} /> : null}
      <FaultSwitch />
    </div>
  );
}

function PaymentView({ payment, drivable, busy, onDrive }: { payment: SimulatedPayment; drivable: boolean; busy: string | null; onDrive: (outcome: SimulatedOutcome) => void }) {
  const t = useDevelopersT();
  const format = useDateTime();
  const coin = payment.coin ?? '';
  return (
    <div className="developers__payment" data-testid="simulated-payment" aria-live="polite">
      <h4 className="developers__subtitle">{payment.coin ? <CoinMark coin={payment.coin} /> : null} {t('sim.payment', { token: payment.transaction_token })}</h4>
      <dl className="facts developers__facts">
        <div><dt>{t('sim.status')}</dt><dd data-testid="simulated-status">{payment.status}</dd></div>
        <div><dt>{t('sim.exception')}</dt><dd data-testid="simulated-exception">{payment.exception ?? t('sim.none')}</dd></div>
        <div><dt>{t('sim.due')}</dt><dd>{payment.amount_due ?? '—'} {coin} ({payment.fiat_amount} {payment.fiat_currency})</dd></div>
        <div><dt>{t('sim.paid')}</dt><dd>{payment.paid} {coin}</dd></div>
        <div><dt>{t('sim.confirmed')}</dt><dd>{payment.confirmed} {coin}</dd></div>
      </dl>
      {drivable ? (
        <fieldset className="developers__drive">
          <legend>{t('sim.driveTitle')}</legend>
          <div className="developers__actions">
            {SIMULATED_OUTCOMES.map((outcome) => (
              <button key={outcome} type="button" className="button button--secondary button--small" disabled={busy !== null} onClick={() => onDrive(outcome)}>
                {busy === outcome ? t('dev.working') : t(`sim.drive.${outcome}`)}
              </button>
            ))}
          </div>
        </fieldset>
      ) : (
        <p className="panel__note">{t('sim.driven')}</p>
      )}
      <div className="developers__timeline">
        <div>
          <h5 className="developers__minor-title">{t('sim.events')}</h5>
          <ol className="developers__events" data-testid="simulated-events">
            {payment.events.map((event, index) => <li key={`${event.type}-${index}`}><code>{event.type}</code> <small>{format(event.created_at)}</small></li>)}
          </ol>
        </div>
        <div>
          <h5 className="developers__minor-title">{t('sim.webhooks')}</h5>
          {payment.webhooks.length === 0 ? <p>{t('sim.noWebhooks')}</p> : (
            <ol className="developers__events" data-testid="simulated-webhooks">
              {payment.webhooks.map((hook) => (
                <li key={hook.event_id}><code>{hook.type}</code> <span className={`badge badge--hook-${hook.status}`}>{t(`hook.status.${hook.status}`)}</span> <small>{t('hook.attempts')}: {hook.attempts}</small></li>
              ))}
            </ol>
          )}
        </div>
      </div>
      <p className="panel__note">{t('sim.live')}</p>
    </div>
  );
}

function FaultSwitch() {
  const t = useDevelopersT();
  const locale = useBootStore((state) => state.locale);
  const id = useId();
  const fault = useApiData(getWebhookFault);
  const [statusCode, setStatusCode] = useState<(typeof WEBHOOK_FAULT_STATUSES)[number]>(503);
  const [minutes, setMinutes] = useState(5);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const timeFormat = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });

  const set = async (forMinutes: number) => {
    setBusy(true);
    const result = await memberApi().call(setWebhookFault, { body: { status_code: statusCode, minutes: forMinutes } });
    setBusy(false);
    setProblem(result.ok ? null : developersErrorText(result.error, locale));
    fault.reload();
  };

  const on = fault.data?.status_code != null && fault.data.until != null;
  return (
    <form className="developers__fault" onSubmit={(event) => { event.preventDefault(); void set(minutes); }} noValidate>
      <h4 className="developers__subtitle">{t('sim.faultTitle')}</h4>
      <p className="panel__lead">{t('sim.faultLead')}</p>
      <p role="status" data-testid="fault-state">
        {on ? t('sim.faultOn', { code: fault.data!.status_code!, time: timeFormat.format(new Date(fault.data!.until!)) }) : t('sim.faultOff')}
      </p>
      <div className="developers__inline-form">
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-status`}>{t('sim.faultStatus')}</label>
          <select id={`${id}-status`} className="form-field__input" value={statusCode} onChange={(e) => setStatusCode(Number(e.target.value) as (typeof WEBHOOK_FAULT_STATUSES)[number])}>
            {WEBHOOK_FAULT_STATUSES.map((code) => <option key={code} value={code}>{code}</option>)}
          </select>
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-minutes`}>{t('sim.faultMinutes')}</label>
          <input id={`${id}-minutes`} className="form-field__input" type="number" min={1} max={60} value={minutes} onChange={(e) => setMinutes(Math.max(1, Math.min(60, Math.round(Number(e.target.value) || 1))))} />
        </div>
        <button type="submit" className="button button--secondary" disabled={busy}>{t('sim.faultStart')}</button>
        {on ? <button type="button" className="button button--link" disabled={busy} onClick={() => void set(0)}>{t('sim.faultStop')}</button> : null}
      </div>
      {problem ? <p className="form-alert form-alert--error" role="alert">{problem}</p> : null}
    </form>
  );
}
