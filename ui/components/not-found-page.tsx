// Spec §8: "This page could not be found" for an unknown route, a failed validation or an
// unsupported language. Routes an app has not built yet land here too: the page does not exist.
import { useT } from '../i18n/use-t.ts';
import type { Frame } from './error-page.tsx';
import { Link } from './link.tsx';
import { useDocumentTitle } from './use-document-title.ts';

export function NotFoundPage() {
  const t = useT();
  useDocumentTitle(t('notFound.title'));
  return (
    <section className="status-card status-card--error" aria-labelledby="not-found-title">
      <p className="error-code" aria-hidden="true">404</p>
      <h1 id="not-found-title" className="status-card__title">{t('notFound.title')}</h1>
      <p className="status-card__body">{t('notFound.hint')}</p>
      <div className="status-card__actions">
        <Link href="/" className="button button--primary">{t('error.goHome')}</Link>
      </div>
    </section>
  );
}

export function NotFoundScreen({ Frame }: { Frame: Frame }) {
  return (
    <Frame>
      <NotFoundPage />
    </Frame>
  );
}
