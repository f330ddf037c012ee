// A value the buyer must copy exactly (amount, address, tag): shown as selectable text with a copy
// button; the result ("Copied" or how to copy by hand) is announced in a live region.
import { useEffect, useId, useState } from 'react';
import { useWidgetT } from '../i18n/use-widget-t.ts';

export function CopyField({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const t = useWidgetT();
  const id = useId();
  const [said, setSaid] = useState<'' | 'copied' | 'failed'>('');
  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(''), 3_000);
    return () => clearTimeout(timer);
  }, [said]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setSaid('copied');
    } catch {
      setSaid('failed');
    }
  };
  return (
    <div className="copy-field">
      <span className="copy-field__label" id={`${id}-label`}>
        {label}
      </span>
      <code className="copy-field__value" id={`${id}-value`}>
        {value}
      </code>
      <button type="button" className="button button--secondary copy-field__button" onClick={() => void copy()} aria-label={copyLabel} aria-describedby={`${id}-value`}>
        {t('payment.copy')}
      </button>
      <span className="copy-field__status" role="status" aria-live="polite">
        {said === 'copied' ? t('payment.copied') : said === 'failed' ? t('payment.copyFailed') : ''}
      </span>
    </div>
  );
}
