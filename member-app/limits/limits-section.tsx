// profile#limits: the Limits card. The member's verification level, what is left today and this
// month per operation (in the provider's fiat), and the next level: what it still needs, what it
// would allow, and a link to where that step is done. The figures are the server's (GET /v1/users/limits),
// the same ones every money operation is checked against.
import { useEffect } from 'react';
import { Link } from 'wouter';
import { getUserLimits, type MemberLimits } from '#core/contract/limits.ts';
import type { Locale } from '#core/language.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { useLimitsT } from '../i18n/use-limits-t.ts';
import { tradeErrorText } from '../trade/form-kit/trade-error.ts';
import { useApiData } from '../trade/form-kit/use-api-data.ts';
import { levelName, money, stepHref, stepsText, type LimitsT } from './limits-figures.ts';

export function LimitsSection() {
  const t = useLimitsT();
  const locale = useBootStore((state) => state.locale);
  const limits = useApiData(getUserLimits);

  useEffect(() => {
    if (location.hash === '#limits') document.getElementById('limits')?.scrollIntoView();
  }, []);

  return (
    <section id="limits" className="profile-section" aria-labelledby="limits-title">
      <h2 id="limits-title" className="profile-section__title">{t('limits.title')}</h2>
      <div className="panel limits-card" aria-busy={limits.state === 'loading'}>
        <p className="panel__lead">{t('limits.lead')}</p>
        {limits.data ? <LimitsBody limits={limits.data} locale={locale} t={t} /> : null}
        {limits.state === 'loading' && !limits.data ? <p className="panel__note" role="status">{t('limits.loading')}</p> : null}
        {limits.error ? (
          <p className="form-alert form-alert--error" role="alert">
            {t('limits.error')} {tradeErrorText(limits.error, locale)}{' '}
            <button type="button" className="button button--link" onClick={limits.reload}>{t('limits.retry')}</button>
          </p>
        ) : null}
      </div>
    </section>
  );
}

function LimitsBody({ limits, locale, t }: { limits: MemberLimits; locale: Locale; t: LimitsT }) {
  const show = (decimal: string) => money(decimal, limits.currency, locale);
  const next = limits.next_level;
  const nextLimits = next ? limits.levels.find((level) => level.id === next.id)?.limits : undefined;
  return (
    <>
      <dl className="facts">
        <div>
          <dt>{t('limits.yourLevel')}</dt>
          <dd data-testid="limits-level">{limits.level ? levelName(limits.level, t) : t('limits.noLevel')}</dd>
        </div>
      </dl>
      <div className="limits-card__table-wrap">
        <table className="limits-card__table">
          <caption className="limits-card__caption">{t('limits.tableCaption', { currency: limits.currency })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('limits.operation')}</th>
              <th scope="col">{t('limits.leftToday')}</th>
              <th scope="col">{t('limits.leftMonth')}</th>
              <th scope="col" className="limits-card__optional">{t('limits.monthly')}</th>
            </tr>
          </thead>
          <tbody>
            {limits.operations.map((row) => (
              <tr key={row.operation} data-testid={`limits-row-${row.operation}`}>
                <th scope="row">{t(`op.${row.operation}`)}</th>
                <td>{show(row.left_today)}</td>
                <td>{show(row.left_this_month)}</td>
                <td className="limits-card__optional">{show(row.monthly)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {next ? (
        <div className="limits-card__next" data-testid="limits-next">
          <h3 className="panel__title">{t('limits.nextTitle', { level: levelName(next.id, t) })}</h3>
          {next.missing.length > 0 ? <p>{t('limits.nextNeeds', { steps: stepsText(next.missing, t) })}</p> : null}
          {nextLimits ? <p className="panel__note">{t('limits.nextRaises', { buy: show(nextLimits.buy.monthly), send: show(nextLimits.send.monthly) })}</p> : null}
          <Link href={stepHref(next.missing)} className="button button--primary">
            {stepHref(next.missing) === '/compliance' ? t('limits.goCompliance') : t('limits.goVerification')}
          </Link>
        </div>
      ) : (
        <p className="panel__note">{t('limits.top')}</p>
      )}
    </>
  );
}
