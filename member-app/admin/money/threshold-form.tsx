// The provider's approval threshold: what it is (every money operator sees it), and for an admin a
// form to change it. Finance operators see why they cannot: the control over the checkers is not
// theirs to loosen (the server refuses them too).
import { useState, type FormEvent } from 'react';
import { adminApprovalThreshold, adminUpdateApprovalThreshold } from '#core/contract/admin-money.ts';
import { parseAmount } from '#core/money.ts';
import type { OperatorRole } from '#core/operators/roles.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { adminApi } from '../admin-api.ts';
import { FormField } from '../../identity/form-field.tsx';
import { useAdminMoneyT } from '../../i18n/use-admin-money-t.ts';
import { useApiData } from '../../trade/form-kit/use-api-data.ts';
import { useShowAmount } from '../../trade/form-kit/show-amount.ts';
import { moneyErrorText } from './money-error-text.ts';

export function ThresholdForm({ role, onSaved }: { role: OperatorRole; onSaved: () => void }) {
  const t = useAdminMoneyT();
  const locale = useBootStore((s) => s.locale);
  const show = useShowAmount();
  const current = useApiData(adminApprovalThreshold, undefined, adminApi);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  if (!current.data) return null;
  const parsed = parseAmount(value.trim(), 'EUR');
  const valid = parsed.ok && parsed.minor > 0n;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) {
      setMessage({ tone: 'error', text: t('wires.amountInvalid') });
      return;
    }
    setBusy(true);
    setMessage(null);
    const result = await adminApi().call(adminUpdateApprovalThreshold, { body: { threshold_eur: parsed.decimal } });
    setBusy(false);
    if (!result.ok) {
      setMessage({ tone: 'error', text: moneyErrorText(result.error, locale) });
      return;
    }
    setValue('');
    setMessage({ tone: 'success', text: t('wd.thresholdSaved', { threshold: show(result.data.threshold_eur, 'EUR') }) });
    current.reload();
    onSaved();
  };

  return (
    <div className="money-threshold panel">
      <h3 className="panel__title">{t('wd.threshold')}</h3>
      <p>
        {t('wd.thresholdNow', { threshold: show(current.data.threshold_eur, 'EUR') })} {current.data.is_default ? t('wd.thresholdDefault') : null}
      </p>
      {role === 'admin' ? (
        <form className="money-search" onSubmit={(event) => void save(event)} noValidate>
          <FormField label={t('wd.thresholdEdit')} binding={{ name: 'threshold', value, error: undefined, onChange: setValue }} inputMode="decimal" autoComplete="off" />
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>{busy ? t('money.working') : t('wd.thresholdSave')}</button>
        </form>
      ) : (
        <p className="panel__note">{t('wd.thresholdAdminOnly')}</p>
      )}
      {message ? <p className={`form-alert form-alert--${message.tone}`} role={message.tone === 'error' ? 'alert' : 'status'}>{message.text}</p> : null}
    </div>
  );
}
