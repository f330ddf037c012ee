// Shown while a route chunk loads. The live region announces "Loading" to screen readers; the
// spinner itself is decorative. It waits a moment before appearing so fast loads do not flash.
import { useT } from '../i18n/use-t.ts';

export function LoadingState({ label }: { label?: string }) {
  const t = useT();
  const text = label ?? t('loading.label');
  return (
    <div className="loading-state" role="status" aria-live="polite">
      <span className="loading-state__spinner" aria-hidden="true" />
      <span className="visually-hidden">{text}</span>
    </div>
  );
}
