// The steps to the next level with their progress: done, now, to do. An ordered list, so a screen reader
// says "3 of 6"; the current step carries aria-current.
import type { Compliance } from '#core/contract/compliance.ts';
import { useComplianceT } from '../i18n/use-compliance-t.ts';

export function StepList({ compliance }: { compliance: Compliance }) {
  const t = useComplianceT();
  const steps = compliance.steps;
  if (steps.length === 0) return null;
  const done = steps.filter((step) => step.done).length;
  return (
    <nav className="kyc-steps" aria-label={t('kyc.stepsLabel')}>
      <p className="kyc-steps__count">{t('kyc.progress', { done: String(done), total: String(steps.length) })}</p>
      <div className="kyc-steps__bar" role="progressbar" aria-valuemin={0} aria-valuemax={steps.length} aria-valuenow={done} aria-label={t('kyc.stepsLabel')}>
        <span style={{ width: `${(done / steps.length) * 100}%` }} />
      </div>
      <ol className="kyc-steps__list">
        {steps.map((step) => {
          const current = compliance.next?.step === step.id;
          const state = step.done ? 'done' : current ? 'current' : 'todo';
          return (
            <li key={step.id} className={`kyc-step kyc-step--${state}`} aria-current={current ? 'step' : undefined}>
              <span className="kyc-step__mark" aria-hidden="true">{step.done ? '✓' : ''}</span>
              <span className="kyc-step__name">{t(`step.${step.id}`)}</span>
              <span className="kyc-step__state">{t(state === 'done' ? 'step.done' : state === 'current' ? 'step.current' : 'step.todo')}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
