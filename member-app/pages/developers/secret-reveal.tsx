// A secret shown once (a new API key, a new signing secret): the value, a copy button and the warning
// that it will not be shown again. Focus moves to it so a keyboard or screen-reader user lands on it.
import { useEffect, useRef } from 'react';
import { CopyButton } from '../../trade/form-kit/copy-button.tsx';

export function SecretReveal({ title, value, warning, copyLabel, doneLabel, onDone }: { title: string; value: string; warning: string; copyLabel: string; doneLabel?: string; onDone?: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), [value]);
  return (
    <div ref={box} className="secret-reveal" role="region" aria-label={title} tabIndex={-1}>
      <p className="secret-reveal__title">{title}</p>
      <code className="secret-reveal__value" data-testid="secret-value">{value}</code>
      <p className="secret-reveal__warning">{warning}</p>
      <div className="secret-reveal__actions">
        <CopyButton value={value} label={copyLabel} />
        {onDone && doneLabel ? <button type="button" className="button button--link" onClick={onDone}>{doneLabel}</button> : null}
      </div>
    </div>
  );
}
