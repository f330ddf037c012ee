// /sys-admin/whitelabel inside the console frame (admin only): loads the stored configuration and hands it
// to the editor; a provider without a valid one starts from the configuration this page was served with.
import { useCallback, useEffect, useState } from 'react';
import { getAdminWhitelabel, saveAdminWhitelabel } from '#core/contract/admin-whitelabel.ts';
import type { ProviderSettings } from '#core/whitelabel.ts';
import { useWhiteLabel } from '#ui/boot/boot-store.ts';
import { useAdminWhitelabelT } from '../../i18n/use-admin-whitelabel-t.ts';
import { adminApi } from '../admin-api.ts';
import { AdminPage } from '../admin-layout.tsx';
import { WhitelabelForm } from './whitelabel-form.tsx';

export default function AdminWhitelabelPage() {
  const t = useAdminWhitelabelT();
  return <AdminPage area="whitelabel" title={t('wl.title')}>{() => <WhitelabelScreen />}</AdminPage>;
}

type State = { phase: 'loading' } | { phase: 'failed' } | { phase: 'ready'; settings: ProviderSettings; stored: boolean };

function WhitelabelScreen() {
  const t = useAdminWhitelabelT();
  const served = useWhiteLabel();
  const [state, setState] = useState<State>({ phase: 'loading' });
  const load = useCallback(async () => {
    setState({ phase: 'loading' });
    const answer = await adminApi().call(getAdminWhitelabel, {});
    if (!answer.ok) return setState({ phase: 'failed' });
    if (answer.data.settings) return setState({ phase: 'ready', settings: answer.data.settings, stored: true });
    if (served) {
      const { module: _module, ...settings } = served;
      return setState({ phase: 'ready', settings, stored: false });
    }
    return setState({ phase: 'failed' });
  }, [served]);
  useEffect(() => void load(), [load]);
  return (
    <div className="admin-page">
      <h1 className="admin-title">{t('wl.title')}</h1>
      <p className="admin-lead">{t('wl.lead')}</p>
      {state.phase === 'loading' ? <p role="status">{t('wl.loading')}</p> : null}
      {state.phase === 'failed' ? (
        <p className="empty-state empty-state--error" role="alert">
          {t('wl.loadError')} <button type="button" className="button button--link" onClick={() => void load()}>{t('wl.retry')}</button>
        </p>
      ) : null}
      {state.phase === 'ready' && !state.stored ? <p className="form-alert form-alert--error" role="alert">{t('wl.notConfigured')}</p> : null}
      {state.phase === 'ready' ? (
        <WhitelabelForm
          initial={state.settings}
          save={async (settings) => {
            const answer = await adminApi().call(saveAdminWhitelabel, { body: { settings } });
            return answer.ok ? null : { ...answer.error, fields: unprefixed(answer.error.fields) };
          }}
        />
      ) : null}
    </div>
  );
}

/** The server names fields inside the body ("settings.meta.primary_color"); the form names them inside the settings. */
function unprefixed(fields: Record<string, string[]> | undefined): Record<string, string[]> | undefined {
  if (!fields) return undefined;
  return Object.fromEntries(Object.entries(fields).map(([path, messages]) => [path.replace(/^settings\./, ''), messages]));
}
