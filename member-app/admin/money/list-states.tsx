// What every list of the money area shows before and instead of its rows: loading, a failure with a
// retry, or an empty state that says where new rows come from.
import type { ReactNode } from 'react';
import type { ApiError } from '#ui/api/api-result.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { useAdminMoneyT } from '../../i18n/use-admin-money-t.ts';
import { moneyErrorText } from './money-error-text.ts';

interface ListStatesProps<T> {
  state: 'loading' | 'ready' | 'error';
  data: T | null;
  error: ApiError | null;
  reload: () => void;
  isEmpty: (data: T) => boolean;
  empty: { title: string; body: string };
  children: (data: T) => ReactNode;
}

export function ListStates<T>({ state, data, error, reload, isEmpty, empty, children }: ListStatesProps<T>) {
  const t = useAdminMoneyT();
  const locale = useBootStore((s) => s.locale);
  if (state === 'error' && error) {
    return (
      <div className="empty-state empty-state--error" role="alert">
        <h3 className="empty-state__title">{t('money.errorTitle')}</h3>
        <p className="empty-state__body">{moneyErrorText(error, locale)}</p>
        <button type="button" className="button button--primary" onClick={reload}>{t('money.retry')}</button>
      </div>
    );
  }
  if (!data) return <p role="status" className="panel__note">{t('money.loading')}</p>;
  if (isEmpty(data)) {
    return (
      <div className="empty-state">
        <h3 className="empty-state__title">{empty.title}</h3>
        <p className="empty-state__body">{empty.body}</p>
      </div>
    );
  }
  return <>{children(data)}</>;
}
