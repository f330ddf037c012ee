// One chain watcher as a card: the family and its state in words (never colour alone), then a table of
// what an operator checks when payments stop arriving: which node, whether it answers, how far we have
// read against the node's tip, the last round, the last error with its time, and when it tries again.
import type { ReactNode } from 'react';
import type { ChainStatus } from '#core/contract/admin-chains.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { CoinIcon } from '#ui/components/coin-icon.tsx';
import { useAdminChainsT } from '../../i18n/use-admin-chains-t.ts';
import { chainState, retrySeconds, writtenTime } from './chains-view.ts';

const STATE_CLASS = { ok: 'tx-status--success', behind: 'tx-status--pending', down: 'tx-status--danger' } as const;

export function ChainCard({ chain }: { chain: ChainStatus }) {
  const t = useAdminChainsT();
  const locale = useBootStore((state) => state.locale);
  const family = t(`family.${chain.family}`);
  const state = chainState(chain);
  const titleId = `chain-${chain.family}-${chain.backend}`;
  const number = (value: number | null) => (value === null ? t('unknown') : value.toLocaleString(locale));
  const seconds = retrySeconds(chain.retry_in_ms);

  const rows: { key: string; label: string; value: ReactNode }[] = [
    {
      key: 'assets',
      label: t('row.assets'),
      value: (
        <ul className="chains-assets">
          {chain.assets.map((asset) => (
            <li key={asset}>
              <CoinIcon asset={asset} size={20} className="chains-assets__icon" />
              {asset}
            </li>
          ))}
        </ul>
      ),
    },
    { key: 'backend', label: t('row.backend'), value: t('backendOn', { backend: t(`backend.${chain.backend}`), network: t(`network.${chain.network}`) }) },
    { key: 'node', label: t('row.node'), value: chain.node === null ? t('node.builtIn') : <code className="chains-node">{chain.node}</code> },
    { key: 'reachable', label: t('row.reachable'), value: chain.reachable ? t('reachable.yes') : <strong className="chains-bad">{t('reachable.no')}</strong> },
    { key: 'heights', label: t('row.heights'), value: <span className="chains-figures" data-testid="chain-heights">{number(chain.height)} / {number(chain.node_height)}</span> },
    {
      key: 'lag',
      label: t('row.lag'),
      value: chain.lag_blocks === null ? t('lag.unknown') : chain.lag_blocks === 0 ? t('lag.none') : t('lag.blocks', { count: chain.lag_blocks.toLocaleString(locale) }),
    },
    { key: 'round', label: t('row.lastRound'), value: chain.last_round_at === null ? t('lastRound.never') : <time dateTime={chain.last_round_at}>{writtenTime(chain.last_round_at, locale)}</time> },
    {
      key: 'error',
      label: t('row.lastError'),
      value:
        chain.last_error === null ? (
          t('lastError.none')
        ) : (
          <>
            <span className="chains-error">{chain.last_error.message}</span>{' '}
            <time className="admin-muted" dateTime={chain.last_error.at}>{t('lastError.at', { time: writtenTime(chain.last_error.at, locale) })}</time>
          </>
        ),
    },
    { key: 'retry', label: t('row.retry'), value: seconds === null ? t('retry.none') : t('retry.in', { seconds }) },
  ];

  return (
    <section className="admin-card chains-card" aria-labelledby={titleId} data-testid={`chain-${chain.family}`}>
      <header className="chains-card__head">
        <h2 id={titleId} className="admin-card__title chains-card__title">{family}</h2>
        <span className={`tx-status ${STATE_CLASS[state]}`}>{t(`state.${state}`)}</span>
      </header>
      <table className="chains-facts">
        <caption className="visually-hidden">{t('chains.caption', { family })}</caption>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
