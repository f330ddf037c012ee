// The loading, failed and expired states the flow's pages share: words, a live region, a way on.
import { LoadingState } from '#ui/components/loading-state.tsx';
import { Link } from '#ui/components/link.tsx';
import { useFlowT } from '../i18n/use-flow-t.ts';
import type { FlowCheckoutState } from './use-flow-checkout.ts';

export function FlowNotReady({ state }: { state: Exclude<FlowCheckoutState, { phase: 'ready' }> }) {
  const t = useFlowT();
  if (state.phase === 'loading') return <LoadingState label={t('flow.loading')} />;
  if (state.phase === 'expired') {
    return (
      <div className="flow-page flow-page--error" role="alert">
        <p>{t('flow.expired')}</p>
        <Link href="/" className="button button--primary">
          {t('flow.restart')}
        </Link>
      </div>
    );
  }
  return (
    <div className="flow-page flow-page--error" role="alert">
      <p>{t('flow.error')}</p>
      <button type="button" className="button button--primary" onClick={state.retry}>
        {t('flow.retry')}
      </button>
    </div>
  );
}
