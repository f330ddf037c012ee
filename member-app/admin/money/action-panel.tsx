// The confirmation step of a money action (match, reject, approve, send again): a labelled region
// under the list that takes the focus when it opens, says what will happen, and offers the action
// and a way back. Escape cancels, like a dialog.
import type { FormEvent, ReactNode } from 'react';
import { useFocusOnMount } from '../../trade/form-kit/use-focus-on-mount.ts';
import { useAdminMoneyT } from '../../i18n/use-admin-money-t.ts';

interface ActionPanelProps {
  id: string;
  title: string;
  lead: string;
  confirm: string;
  danger?: boolean;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}

export function ActionPanel({ id, title, lead, confirm, danger = false, busy, error, onConfirm, onCancel, children }: ActionPanelProps) {
  const t = useAdminMoneyT();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onConfirm();
  };
  return (
    <section className="money-action panel" aria-labelledby={`${id}-title`} onKeyDown={(event) => event.key === 'Escape' && onCancel()}>
      <h3 id={`${id}-title`} className="panel__title" tabIndex={-1} ref={headingRef}>{title}</h3>
      <p>{lead}</p>
      <form className="money-action__form" onSubmit={submit} noValidate>
        {children}
        {error ? <p className="form-alert form-alert--error" role="alert">{error}</p> : null}
        <div className="money-action__buttons">
          <button type="submit" className={`button ${danger ? 'button--danger' : 'button--primary'}`} disabled={busy} aria-busy={busy}>
            {busy ? t('money.working') : confirm}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>{t('money.cancel')}</button>
        </div>
      </form>
    </section>
  );
}
