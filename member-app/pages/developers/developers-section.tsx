// profile#developers, for merchant users only (spec §6: permissions.fiat_withdrawals = 1 and a merchant
// account): secret API keys, the webhook with its log, the integration snippet, and in test mode the
// payment simulator. Each panel loads its own data, so one failing says so without hiding the others.
import { useEffect } from 'react';
import type { UserInfo } from '#core/contract/users.ts';
import { isMerchant } from '#core/rules/permission-gates.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { useDevelopersT } from '../../i18n/use-developers-t.ts';
import { ApiKeysPanel } from './api-keys-panel.tsx';
import { SimulatorPanel } from './simulator-panel.tsx';
import { SnippetPanel } from './snippet-panel.tsx';
import { WebhookPanel } from './webhook-panel.tsx';

export function DevelopersSection({ user }: { user: UserInfo }) {
  if (user.role !== 'merchant' || !isMerchant(user.permissions) || !user.merchant_id) return null;
  return <Developers merchantId={user.merchant_id} />;
}

function Developers({ merchantId }: { merchantId: string }) {
  const t = useDevelopersT();
  const testMode = useBootStore((state) => state.boot.mode === 'test');
  useEffect(() => {
    if (location.hash === '#developers') document.getElementById('developers')?.scrollIntoView();
  }, []);
  return (
    <section id="developers" className="profile-section developers" aria-labelledby="developers-title">
      <h2 id="developers-title" className="profile-section__title">{t('dev.title')}</h2>
      <p className="developers__lead">{t('dev.lead')}</p>
      <ApiKeysPanel />
      <WebhookPanel />
      <SnippetPanel merchantId={merchantId} />
      {testMode ? <SimulatorPanel /> : null}
    </section>
  );
}
