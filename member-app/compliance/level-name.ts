// A level's name in the page language; a provider's own level id (not one of the defaults) is shown as it is.
import type { Translate } from '#ui/i18n/translate.ts';
import type { ComplianceKey } from '../i18n/compliance-en.ts';
import { complianceEn } from '../i18n/compliance-en.ts';

export function levelName(t: Translate<ComplianceKey>, id: string | null): string {
  if (id === null) return t('kyc.noLevel');
  const key = `level.${id}`;
  return key in complianceEn ? t(key as ComplianceKey) : id;
}
