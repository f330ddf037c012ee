// Copy a value to the clipboard and say "Copied" in a live region (screen readers hear it too).
import { useEffect, useState } from 'react';
import { useTradeT } from '../../i18n/use-trade-t.ts';

export function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useTradeT();
  const [copied, setCopied] = useState<boolean | null>(null);
  useEffect(() => {
    if (copied === null) return undefined;
    const timer = setTimeout(() => setCopied(null), 2500);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <span className="copy-button">
      <button type="button" className="button button--secondary button--small" onClick={() => void copy()} aria-label={t('copy.label', { what: label })}>
        {t('copy.button')}
      </button>
      <span className="copy-button__status" role="status" aria-live="polite">
        {copied === true ? t('copy.done') : copied === false ? t('copy.failed') : ''}
      </span>
    </span>
  );
}
