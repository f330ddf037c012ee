// How long an applicant has waited, as the queue shows it: minutes, hours, then days.
import type { Translate } from '#ui/i18n/translate.ts';
import type { AdminComplianceKey } from '../../i18n/admin-compliance-en.ts';

export function ageText(t: Translate<AdminComplianceKey>, seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('age.minutes', { count: String(minutes) });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('age.hours', { count: String(hours) });
  return t('age.days', { count: String(Math.floor(hours / 24)) });
}
