// The integration snippet with this merchant's id and the live integrity hash of pay.js, with copy buttons.
import { useId } from 'react';
import { getSdk } from '#core/contract/platform.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { developersErrorText, useDevelopersT } from '../../i18n/use-developers-t.ts';
import { CopyButton } from '../../trade/form-kit/copy-button.tsx';
import { useApiData } from '../../trade/form-kit/use-api-data.ts';
import { checkoutSnippet, payButtonSnippet } from './integration-snippet.ts';

export function SnippetPanel({ merchantId }: { merchantId: string }) {
  const t = useDevelopersT();
  const locale = useBootStore((state) => state.locale);
  const id = useId();
  const sdk = useApiData(getSdk);
  return (
    <div className="panel developers__panel" role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="panel__title">{t('snippet.title')}</h3>
      <p className="panel__lead">{t('snippet.lead')}</p>
      <p className="developers__merchant-id">
        {t('snippet.merchantId')}: <code data-testid="merchant-id">{merchantId}</code> <CopyButton value={merchantId} label={t('snippet.copyId')} />
      </p>
      {sdk.data ? (
        <>
          <Snippet title={t('snippet.checkout')} text={checkoutSnippet(sdk.data, merchantId)} copyLabel={t('snippet.copyCheckout')} />
          <Snippet title={t('snippet.button')} text={payButtonSnippet(sdk.data, merchantId)} copyLabel={t('snippet.copyButton')} />
        </>
      ) : sdk.state === 'error' ? (
        <p className="form-alert form-alert--error" role="alert">
          {developersErrorText(sdk.error, locale)} <button type="button" className="button button--link" onClick={sdk.reload}>{t('dev.retry')}</button>
        </p>
      ) : (
        <p role="status">{t('snippet.loading')}</p>
      )}
    </div>
  );
}

function Snippet({ title, text, copyLabel }: { title: string; text: string; copyLabel: string }) {
  return (
    <figure className="developers__snippet">
      <figcaption className="developers__snippet-title">{title} <CopyButton value={text} label={copyLabel} /></figcaption>
      {/* Focusable, so a keyboard can scroll a line wider than the panel. */}
      <pre className="developers__code" data-testid="snippet" tabIndex={0} aria-label={title}><code>{text}</code></pre>
    </figure>
  );
}
