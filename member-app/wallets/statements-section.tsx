// profile#statements (spec §2, provider flag enable_statements; absent otherwise): pick a date
// range and download the CSV. A plain link does the download: the session rides in the
// HttpOnly cookie, so no script needs to hold the file or the token.
import { useEffect, useId, useState } from 'react';
import { useBootStore, useWhiteLabel } from '#ui/boot/boot-store.ts';
import { useWalletsT } from '../i18n/use-wallets-t.ts';
import { defaultStatementRange, localIsoDate, statementFileName, statementHref, statementProblem } from './statement-range.ts';

export function StatementsSection() {
  const whitelabel = useWhiteLabel();
  if (!whitelabel?.permissions.enable_statements) return null;
  return <Statements apiBase={whitelabel.configuration.api || '/v1'} />;
}

function Statements({ apiBase }: { apiBase: string }) {
  const t = useWalletsT();
  useBootStore((state) => state.locale);
  const id = useId();
  const [range, setRange] = useState(() => defaultStatementRange(new Date()));
  const today = localIsoDate(new Date());
  const problem = statementProblem(range.from, range.to, today);

  useEffect(() => {
    if (location.hash === '#statements') document.getElementById('statements')?.scrollIntoView();
  }, []);

  const errorId = `${id}-error`;
  return (
    <section id="statements" className="profile-section statements" aria-labelledby="statements-title">
      <h2 id="statements-title" className="profile-section__title">{t('statement.title')}</h2>
      <div className="panel">
        <p className="panel__lead">{t('statement.lead')}</p>
        <div className="statements__form">
          <div className={`form-field${problem ? ' form-field--invalid' : ''}`}>
            <label className="form-field__label" htmlFor={`${id}-from`}>{t('statement.from')}</label>
            <input id={`${id}-from`} type="date" className="form-field__input" value={range.from} max={today}
              onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
              aria-invalid={problem ? true : undefined} aria-describedby={problem ? errorId : undefined} />
          </div>
          <div className={`form-field${problem ? ' form-field--invalid' : ''}`}>
            <label className="form-field__label" htmlFor={`${id}-to`}>{t('statement.to')}</label>
            <input id={`${id}-to`} type="date" className="form-field__input" value={range.to}
              onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
              aria-invalid={problem ? true : undefined} aria-describedby={problem ? errorId : undefined} />
          </div>
          {problem ? (
            <p id={errorId} className="form-field__error" role="alert">{t(problem)}</p>
          ) : (
            <a className="button button--primary statements__download" href={statementHref(apiBase, range.from, range.to)} download={statementFileName(range.from, range.to)}>
              {t('statement.download')}
            </a>
          )}
        </div>
      </div>
    </section>
  );
}
