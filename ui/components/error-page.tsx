// The error page of spec §2: the status code, "We're unable to find the page you're looking for."
// and the message, or the fallback sentence. The whole screen (frame included) sits inside its own
// boundary: if showing the error page fails too, a bare message and a plain link home remain.
import type { ComponentType, ReactNode } from 'react';
import { useBootStore } from '../boot/boot-store.ts';
import { useT, uiText } from '../i18n/use-t.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { Link } from './link.tsx';
import { useDocumentTitle } from './use-document-title.ts';

export type Frame = ComponentType<{ children: ReactNode }>;

export interface ErrorDetails {
  status: number;
  /** A message meant for the user; absent -> the spec's fallback sentence. */
  message?: string;
}

export function ErrorPage({ status, message }: ErrorDetails) {
  const t = useT();
  const text = message ?? t('error.unknown');
  // Without a configuration every page of the module lands back here: a link home would loop.
  const configured = useBootStore((state) => state.boot.whitelabel !== null);
  useDocumentTitle(t('error.status', { status }));
  return (
    <section className="status-card status-card--error" aria-labelledby="error-title">
      <p className="error-code" aria-hidden="true">{status}</p>
      <h1 id="error-title" className="status-card__title">
        <span className="visually-hidden">{t('error.status', { status })}. </span>
        {t('error.unableToFind')}
      </h1>
      <p className="status-card__body">{text}</p>
      {configured ? (
        <div className="status-card__actions">
          <Link href="/" className="button button--primary">{t('error.goHome')}</Link>
        </div>
      ) : null}
    </section>
  );
}

export function ErrorScreen({ Frame, ...details }: ErrorDetails & { Frame: Frame }) {
  return (
    <ErrorBoundary fallback={() => <NestedErrorFallback />}>
      <Frame>
        <ErrorPage {...details} />
      </Frame>
    </ErrorBoundary>
  );
}

/** Spec §2: "An error occurred while showing the error page" with a link home. Depends on as little as possible. */
export function NestedErrorFallback() {
  let text = 'An error occurred while showing the error page';
  let home = 'Go to the home page';
  let href = '/';
  try {
    text = uiText('error.nested');
    home = uiText('error.goHome');
    href = `${useBootStore.getState().boot.base}/`;
  } catch {
    // keep the English defaults: this fallback must render whatever else is broken
  }
  return (
    <div className="nested-error" role="alert">
      <p>{text}</p>
      <a href={href}>{home}</a>
    </div>
  );
}
