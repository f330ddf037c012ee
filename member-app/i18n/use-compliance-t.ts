import { createUseT } from '#ui/i18n/use-t.ts';
import { complianceEn } from './compliance-en.ts';
import { complianceEs } from './compliance-es.ts';

export const useComplianceT = createUseT({ en: complianceEn, es: complianceEs });
