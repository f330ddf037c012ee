// The merchant's webhook: the URL, the signing secret (revealed on demand, rotated after a confirmation
// and then shown once), "send a test event", and the delivery log with one-click redeliver. While an
// event is still pending the log is read again every 3 s, so a test event is seen arriving.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { getWebhook, redeliverWebhook, revealWebhookSecret, sendTestWebhook, updateWebhook, type WebhookDetails } from '#core/contract/webhooks.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { developersErrorText, useDevelopersT } from '../../i18n/use-developers-t.ts';
import { randomKey } from '../../trade/form-kit/attempt-key.ts';
import { useApiData } from '../../trade/form-kit/use-api-data.ts';
import { SecretReveal } from './secret-reveal.tsx';
import { useDateTime } from './use-date-time.ts';

const POLL_MS = 3_000;

export function WebhookPanel() {
  const t = useDevelopersT();
  const locale = useBootStore((state) => state.locale);
  const id = useId();
  const webhook = useApiData(getWebhook);
  const [url, setUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ value: string; fresh: boolean } | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const shownUrl = url ?? webhook.data?.webhook_url ?? '';
  const pending = webhook.data?.events.some((event) => event.status === 'pending') ?? false;

  useEffect(() => {
    if (!pending) return undefined;
    const timer = setInterval(webhook.reload, POLL_MS);
    return () => clearInterval(timer);
  }, [pending, webhook.reload]);

  const run = async (what: string, work: () => Promise<string | null>) => {
    setBusy(what);
    setNotice(null);
    const failure = await work();
    setBusy(null);
    setProblem(failure);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    void run('save', async () => {
      const result = await memberApi().call(updateWebhook, { body: { webhook_url: shownUrl.trim() || null } });
      if (!result.ok) return developersErrorText(result.error, locale);
      if (result.data.webhook_secret) setSecret({ value: result.data.webhook_secret, fresh: true });
      setUrl(null);
      setNotice(t('hook.saved'));
      webhook.reload();
      return null;
    });
  };

  const reveal = () =>
    void run('reveal', async () => {
      const result = await memberApi().call(revealWebhookSecret, {});
      if (!result.ok) return developersErrorText(result.error, locale);
      setSecret({ value: result.data.webhook_secret, fresh: false });
      return null;
    });

  const rotate = () =>
    void run('rotate', async () => {
      const result = await memberApi().call(updateWebhook, { body: { webhook_url: webhook.data?.webhook_url ?? null, rotate_secret: true } });
      setConfirmRotate(false);
      if (!result.ok) return developersErrorText(result.error, locale);
      if (result.data.webhook_secret) setSecret({ value: result.data.webhook_secret, fresh: true });
      webhook.reload();
      return null;
    });

  const sendTest = () =>
    void run('test', async () => {
      const result = await memberApi().call(sendTestWebhook, {}, { idempotencyKey: randomKey() });
      if (!result.ok) return developersErrorText(result.error, locale);
      setNotice(t('hook.testSent', { id: result.data.event_id }));
      webhook.reload();
      return null;
    });

  const redeliver = (eventId: string) =>
    void run(`redeliver-${eventId}`, async () => {
      const result = await memberApi().call(redeliverWebhook, { body: { event_id: eventId } });
      if (!result.ok) return developersErrorText(result.error, locale);
      setNotice(t('hook.redelivered', { id: eventId }));
      webhook.reload();
      return null;
    });

  if (!webhook.data) {
    return (
      <div className="panel developers__panel" role="group" aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`} className="panel__title">{t('hook.title')}</h3>
        {webhook.state === 'error' ? (
          <p className="form-alert form-alert--error" role="alert">
            {developersErrorText(webhook.error, locale)} <button type="button" className="button button--link" onClick={webhook.reload}>{t('dev.retry')}</button>
          </p>
        ) : (
          <p role="status">{t('hook.loading')}</p>
        )}
      </div>
    );
  }

  const errorId = `${id}-error`;
  return (
    <div className="panel developers__panel" role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="panel__title">{t('hook.title')}</h3>
      <p className="panel__lead">{t('hook.lead')}</p>
      <form className="developers__inline-form" onSubmit={save} noValidate>
        <div className={`form-field${problem ? ' form-field--invalid' : ''}`}>
          <label className="form-field__label" htmlFor={`${id}-url`}>{t('hook.url')}</label>
          <input id={`${id}-url`} type="url" inputMode="url" className="form-field__input" value={shownUrl} maxLength={2000} placeholder="https://shop.example.com/webhooks"
            onChange={(e) => setUrl(e.target.value)} aria-invalid={problem ? true : undefined} aria-describedby={problem ? errorId : `${id}-hint`} />
          <p id={`${id}-hint`} className="form-field__hint">{t('hook.urlHint')}</p>
        </div>
        <button type="submit" className="button button--primary" disabled={busy !== null}>{busy === 'save' ? t('dev.working') : t('hook.save')}</button>
      </form>
      {problem ? <p id={errorId} className="form-alert form-alert--error" role="alert">{problem}</p> : null}
      {notice ? <p className="form-alert form-alert--success" role="status">{notice}</p> : null}

      <div className="developers__secret">
        <h4 className="developers__subtitle">{t('hook.secretTitle')}</h4>
        {secret ? (
          <SecretReveal title={t('hook.secretTitle')} value={secret.value} warning={secret.fresh ? t('hook.rotated') : ''} copyLabel={t('hook.secretCopy')} doneLabel={t('hook.hide')} onDone={() => setSecret(null)} />
        ) : webhook.data.has_secret ? (
          <p><code>{t('hook.secretHidden')}</code></p>
        ) : (
          <p>{t('hook.secretNone')}</p>
        )}
        {webhook.data.has_secret ? (
          confirmRotate ? (
            <div className="developers__confirm" role="group" aria-label={t('hook.rotate')}>
              <p>{t('hook.rotateConfirm')}</p>
              <div className="developers__actions">
                <button type="button" className="button button--danger button--small" onClick={rotate} disabled={busy !== null}>{t('hook.rotateYes')}</button>
                <button type="button" className="button button--link" onClick={() => setConfirmRotate(false)}>{t('dev.cancel')}</button>
              </div>
            </div>
          ) : (
            <div className="developers__actions">
              {secret ? null : <button type="button" className="button button--secondary button--small" onClick={reveal} disabled={busy !== null}>{t('hook.reveal')}</button>}
              <button type="button" className="button button--secondary button--small" onClick={() => setConfirmRotate(true)}>{t('hook.rotate')}</button>
            </div>
          )
        ) : null}
      </div>

      <div className="developers__log-head">
        <h4 className="developers__subtitle">{t('hook.logTitle')}</h4>
        <button type="button" className="button button--secondary" onClick={sendTest} disabled={busy !== null || !webhook.data.webhook_url}>{busy === 'test' ? t('dev.working') : t('hook.test')}</button>
      </div>
      <DeliveryLog details={webhook.data} busy={busy} onRedeliver={redeliver} />
    </div>
  );
}

function DeliveryLog({ details, busy, onRedeliver }: { details: WebhookDetails; busy: string | null; onRedeliver: (eventId: string) => void }) {
  const t = useDevelopersT();
  const format = useDateTime();
  if (details.events.length === 0) return <p className="developers__empty">{t('hook.logEmpty')}</p>;
  return (
    <div className="developers__table-wrap">
      <table className="developers__table" data-testid="delivery-log">
        <caption className="visually-hidden">{t('hook.logCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('hook.event')}</th>
            <th scope="col">{t('hook.time')}</th>
            <th scope="col">{t('hook.status')}</th>
            <th scope="col">{t('hook.result')}</th>
            <th scope="col"><span className="visually-hidden">{t('hook.redeliver')}</span></th>
          </tr>
        </thead>
        <tbody>
          {details.events.map((event) => {
            // The log is newest first, so the first attempt found is the latest.
            const last = details.deliveries.find((delivery) => delivery.event_id === event.event_id);
            const result = !last ? t('hook.noAttempt') : [last.status_code === null ? null : t('hook.answered', { code: last.status_code }), last.error].filter(Boolean).join(' · ');
            return (
              <tr key={event.event_id} data-testid="delivery-row" data-type={event.type} data-status={event.status}>
                <td data-label={t('hook.event')}><code>{event.type}</code><br /><small>{event.event_id}</small></td>
                <td data-label={t('hook.time')}>{format(event.created_at)}</td>
                <td data-label={t('hook.status')}><span className={`badge badge--hook-${event.status}`}>{t(`hook.status.${event.status}`)}</span> <small>{t('hook.attempts')}: {event.attempts}</small></td>
                <td data-label={t('hook.result')}>{result}</td>
                <td>
                  <button type="button" className="button button--secondary button--small" disabled={busy !== null || event.status === 'pending'} onClick={() => onRedeliver(event.event_id)} aria-label={`${t('hook.redeliver')} ${event.type} ${event.event_id}`}>
                    {t('hook.redeliver')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
