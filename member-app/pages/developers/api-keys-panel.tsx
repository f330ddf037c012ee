// The merchant's secret API keys: the list (label, prefix, created, last used, state), a new key (its
// secret shown once), and per key: rename, roll with an overlap (the old key works until the expiry
// chosen) and revoke (after a confirmation). Every figure comes from the API.
import { useId, useState, type FormEvent } from 'react';
import { createApiKey, labelApiKey, listApiKeys, revokeApiKey, rollApiKey, ROLL_OVERLAPS, type ApiKeyRecord, type RollOverlap } from '#core/contract/developers.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { developersErrorText, useDevelopersT } from '../../i18n/use-developers-t.ts';
import { randomKey } from '../../trade/form-kit/attempt-key.ts';
import { useApiData } from '../../trade/form-kit/use-api-data.ts';
import { SecretReveal } from './secret-reveal.tsx';
import { useDateTime } from './use-date-time.ts';

type Action = { id: string; kind: 'rename' | 'revoke' | 'roll' } | null;

const ROLL_TEXT: Record<RollOverlap, 'keys.rollNow' | 'keys.roll1h' | 'keys.roll24h' | 'keys.roll7d'> = { now: 'keys.rollNow', '1h': 'keys.roll1h', '24h': 'keys.roll24h', '7d': 'keys.roll7d' };

export function ApiKeysPanel() {
  const t = useDevelopersT();
  const locale = useBootStore((state) => state.locale);
  const id = useId();
  const keys = useApiData(listApiKeys);
  const [label, setLabel] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [action, setAction] = useState<Action>(null);
  // One request id per create attempt: a retry of the same click makes no second key.
  const [requestId, setRequestId] = useState(randomKey);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    const result = await memberApi().call(createApiKey, { body: { label, request_id: requestId } });
    setBusy(false);
    if (!result.ok) {
      setProblem(developersErrorText(result.error, locale));
      if (result.error.code === 'api_key_already_created') setRequestId(randomKey());
      return;
    }
    setProblem(null);
    setRequestId(randomKey());
    setLabel('');
    setSecret(result.data.secret);
    keys.reload();
  };

  const done = (message: string | null) => {
    setAction(null);
    setNotice(message);
    keys.reload();
  };

  const errorId = `${id}-error`;
  return (
    <div className="panel developers__panel" aria-labelledby={`${id}-title`} role="group">
      <h3 id={`${id}-title`} className="panel__title">{t('keys.title')}</h3>
      <p className="panel__lead">{t('keys.lead')}</p>
      {secret ? <SecretReveal title={t('keys.secretTitle')} value={secret} warning={t('keys.secretWarning')} copyLabel={t('keys.secretCopy')} doneLabel={t('keys.secretDone')} onDone={() => setSecret(null)} /> : null}
      {notice ? <p className="form-alert form-alert--success" role="status">{notice}</p> : null}
      <KeyList keys={keys} action={action} setAction={setAction} onDone={done} onSecret={setSecret} />
      <form className="developers__inline-form" onSubmit={(event) => void create(event)} noValidate>
        <div className={`form-field${problem ? ' form-field--invalid' : ''}`}>
          <label className="form-field__label" htmlFor={`${id}-label`}>{t('keys.newLabel')}</label>
          <input id={`${id}-label`} className="form-field__input" value={label} maxLength={100} onChange={(e) => setLabel(e.target.value)}
            aria-invalid={problem ? true : undefined} aria-describedby={problem ? errorId : `${id}-hint`} />
          <p id={`${id}-hint`} className="form-field__hint">{t('keys.newLabelHint')}</p>
          {problem ? <p id={errorId} className="form-field__error" role="alert">{problem}</p> : null}
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>{busy ? t('dev.working') : t('keys.create')}</button>
      </form>
    </div>
  );
}

function KeyList({ keys, action, setAction, onDone, onSecret }: {
  keys: ReturnType<typeof useApiData<typeof listApiKeys>>;
  action: Action;
  setAction: (action: Action) => void;
  onDone: (message: string | null) => void;
  onSecret: (secret: string) => void;
}) {
  const t = useDevelopersT();
  const locale = useBootStore((state) => state.locale);
  const format = useDateTime();
  if (keys.state === 'error' && !keys.data) {
    return (
      <p className="form-alert form-alert--error" role="alert">
        {developersErrorText(keys.error, locale)} <button type="button" className="button button--link" onClick={keys.reload}>{t('dev.retry')}</button>
      </p>
    );
  }
  if (!keys.data) return <p role="status">{t('keys.loading')}</p>;
  if (keys.data.keys.length === 0) return <p className="developers__empty">{t('keys.empty')}</p>;
  const stateText = (key: ApiKeyRecord) => (key.state === 'expiring' && key.expires_at ? t('keys.state.expiring', { time: format(key.expires_at) }) : t(`keys.state.${key.state}`));
  return (
    <div className="developers__table-wrap">
      <table className="developers__table">
        <caption className="visually-hidden">{t('keys.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('keys.label')}</th>
            <th scope="col">{t('keys.prefix')}</th>
            <th scope="col">{t('keys.created')}</th>
            <th scope="col">{t('keys.lastUsed')}</th>
            <th scope="col">{t('keys.state')}</th>
            <th scope="col">{t('keys.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {keys.data.keys.map((key) => (
            <tr key={key.id} data-testid="api-key-row" data-state={key.state}>
              <td data-label={t('keys.label')}>{key.label}</td>
              <td data-label={t('keys.prefix')}><code>{key.prefix}</code></td>
              <td data-label={t('keys.created')}>{format(key.created_at)}</td>
              <td data-label={t('keys.lastUsed')}>{key.last_used_at ? format(key.last_used_at) : t('dev.never')}</td>
              <td data-label={t('keys.state')}><span className={`badge badge--key-${key.state}`}>{stateText(key)}</span></td>
              {/* A revoked or expired key has nothing left to do: no "Actions" label over an empty cell. */}
              <td data-label={key.state === 'active' || key.state === 'expiring' ? t('keys.actions') : undefined}>
                {key.state === 'active' || key.state === 'expiring' ? (
                  action?.id === key.id ? (
                    <KeyAction apiKey={key} kind={action.kind} onCancel={() => setAction(null)} onDone={onDone} onSecret={onSecret} />
                  ) : (
                    <div className="developers__actions">
                      <button type="button" className="button button--secondary button--small" onClick={() => setAction({ id: key.id, kind: 'rename' })} aria-label={`${t('keys.rename')} ${key.prefix}`}>{t('keys.rename')}</button>
                      {key.state === 'active' ? <button type="button" className="button button--secondary button--small" onClick={() => setAction({ id: key.id, kind: 'roll' })} aria-label={`${t('keys.roll')} ${key.prefix}`}>{t('keys.roll')}</button> : null}
                      <button type="button" className="button button--danger button--small" onClick={() => setAction({ id: key.id, kind: 'revoke' })} aria-label={`${t('keys.revoke')} ${key.prefix}`}>{t('keys.revoke')}</button>
                    </div>
                  )
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="panel__note">{t('keys.lastUsedNote')}</p>
    </div>
  );
}

function KeyAction({ apiKey, kind, onCancel, onDone, onSecret }: { apiKey: ApiKeyRecord; kind: 'rename' | 'revoke' | 'roll'; onCancel: () => void; onDone: (message: string | null) => void; onSecret: (secret: string) => void }) {
  const t = useDevelopersT();
  const locale = useBootStore((state) => state.locale);
  const id = useId();
  const [label, setLabel] = useState(apiKey.label);
  const [expiresIn, setExpiresIn] = useState<RollOverlap>('24h');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [requestId] = useState(randomKey);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const api = memberApi();
    if (kind === 'rename') {
      const result = await api.call(labelApiKey, { body: { key_id: apiKey.id, label } });
      setBusy(false);
      if (!result.ok) return setProblem(developersErrorText(result.error, locale));
      return onDone(null);
    }
    if (kind === 'revoke') {
      const result = await api.call(revokeApiKey, { body: { key_id: apiKey.id } });
      setBusy(false);
      if (!result.ok) return setProblem(developersErrorText(result.error, locale));
      return onDone(t('keys.revoked', { prefix: apiKey.prefix }));
    }
    const result = await api.call(rollApiKey, { body: { key_id: apiKey.id, expires_in: expiresIn, request_id: requestId } });
    setBusy(false);
    if (!result.ok) return setProblem(developersErrorText(result.error, locale));
    onSecret(result.data.secret);
    return onDone(null);
  };

  return (
    <form className="developers__key-action" onSubmit={(event) => void submit(event)} noValidate>
      {kind === 'rename' ? (
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-label`}>{t('keys.renameLabel', { prefix: apiKey.prefix })}</label>
          <input id={`${id}-label`} className="form-field__input" value={label} maxLength={100} autoFocus onChange={(e) => setLabel(e.target.value)} />
        </div>
      ) : kind === 'revoke' ? (
        <p>{t('keys.revokeConfirm', { prefix: apiKey.prefix })}</p>
      ) : (
        <fieldset className="developers__roll">
          <legend>{t('keys.rollTitle', { prefix: apiKey.prefix })}</legend>
          <p>{t('keys.rollLead')}</p>
          <label className="form-field__label" htmlFor={`${id}-expiry`}>{t('keys.rollExpiry')}</label>
          <select id={`${id}-expiry`} className="form-field__input" value={expiresIn} onChange={(e) => setExpiresIn(e.target.value as RollOverlap)}>
            {ROLL_OVERLAPS.map((overlap) => <option key={overlap} value={overlap}>{t(ROLL_TEXT[overlap])}</option>)}
          </select>
        </fieldset>
      )}
      {problem ? <p className="form-field__error" role="alert">{problem}</p> : null}
      <div className="developers__actions">
        <button type="submit" className={`button button--small ${kind === 'revoke' ? 'button--danger' : 'button--primary'}`} disabled={busy}>
          {busy ? t('dev.working') : kind === 'rename' ? t('keys.save') : kind === 'revoke' ? t('keys.revokeYes') : t('keys.rollSubmit')}
        </button>
        <button type="button" className="button button--link" onClick={onCancel}>{t('dev.cancel')}</button>
      </div>
    </form>
  );
}
