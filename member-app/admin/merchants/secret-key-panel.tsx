// The secret key of a merchant just onboarded, shown this once: the server keeps only its hash, so
// closing this panel is the last time anybody sees it.
import { useEffect, useRef } from 'react';
import type { OnboardedMerchant } from '#core/contract/admin-merchants.ts';
import { Link } from '#ui/components/link.tsx';
import { CopyButton } from '../../trade/form-kit/copy-button.tsx';
import { useAdminMerchantsT } from '../../i18n/use-admin-merchants-t.ts';

export function SecretKeyPanel({ onboarded, onClose }: { onboarded: OnboardedMerchant; onClose: () => void }) {
  const t = useAdminMerchantsT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const id = onboarded.merchant.merchant_id;
  return (
    <section className="panel admin-merchants__secret" aria-labelledby="secret-key-title" data-testid="secret-key-panel">
      <h2 id="secret-key-title" className="panel__title" tabIndex={-1} ref={heading}>{t('merchants.secretTitle', { id })}</h2>
      <p className="panel__lead">{t('merchants.secretLead')}</p>
      <code className="admin-merchants__secret-key" data-testid="secret-key">{onboarded.secret_key}</code>
      <CopyButton value={onboarded.secret_key} label={t('merchants.secretCopy')} />
      {onboarded.password_link_sent ? <p className="panel__note">{t('merchants.passwordSent')}</p> : null}
      <div className="whitelabel-editor__actions">
        <button type="button" className="button button--primary" onClick={onClose}>{t('merchants.secretDone')}</button>
        <Link href={`/merchants/${id}`} className="button button--secondary">{t('merchants.open', { name: onboarded.merchant.name })}</Link>
      </div>
    </section>
  );
}
