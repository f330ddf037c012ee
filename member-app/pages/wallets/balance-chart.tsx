// The wallet's balance over 1 day, 7 days, 30 days or a year (GET
// /v1/transactions/getWalletBalanceActivity), as a hand-drawn SVG step line. The picture is
// decorative for screen readers: they read the text summary (start, end, low, high) instead.
import { useEffect, useId, useState } from 'react';
import type { Asset } from '#core/assets.ts';
import { getWalletBalanceActivity, type BalanceActivityAnswer } from '#core/contract/wallets.ts';
import { CHART_RANGES, type ChartRange } from '#core/contract/rates.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { useWalletsT } from '../../i18n/use-wallets-t.ts';
import { CHART_HEIGHT, CHART_WIDTH, chartPath, chartSummary } from '../../wallets/balance-chart.ts';

export function BalanceChart({ coin, refreshKey }: { coin: Asset; refreshKey: string }) {
  const t = useWalletsT();
  const locale = useBootStore((state) => state.locale);
  const id = useId();
  const [range, setRange] = useState<ChartRange>('30d');
  const [answer, setAnswer] = useState<BalanceActivityAnswer | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    void memberApi()
      .call(getWalletBalanceActivity, { query: { currency: coin, range } })
      .then((result) => {
        if (!live) return;
        setFailed(!result.ok);
        if (result.ok) setAnswer(result.data);
      });
    return () => {
      live = false;
    };
  }, [coin, range, refreshKey]);

  const points = answer && answer.range === range ? answer.points : [];
  const path = chartPath(points, coin);
  const summary = chartSummary(points, coin, locale);
  const summaryId = `${id}-summary`;
  return (
    <section className="panel balance-chart" aria-labelledby={`${id}-title`}>
      <div className="balance-chart__head">
        <h2 id={`${id}-title`} className="panel__title">{t('chart.title')}</h2>
        <div className="segmented" role="group" aria-label={t('chart.range')}>
          {CHART_RANGES.map((r) => (
            <button key={r} type="button" className="segmented__item" aria-pressed={r === range} onClick={() => setRange(r)}>
              {t(`chart.${r}`)}
            </button>
          ))}
        </div>
      </div>
      {failed ? <p className="form-alert form-alert--error" role="alert">{t('chart.error')}</p> : null}
      {path ? (
        <>
          <svg className="balance-chart__svg" viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <path className="balance-chart__area" d={path.area} />
            <path className="balance-chart__line" d={path.line} vectorEffect="non-scaling-stroke" />
          </svg>
          {summary ? (
            <p id={summaryId} className="balance-chart__summary">
              {t('chart.summary', { range: t(`chart.${range}`), ...summary })}
            </p>
          ) : null}
        </>
      ) : answer && !failed ? (
        <p className="panel__lead">{t('chart.empty')}</p>
      ) : null}
    </section>
  );
}
