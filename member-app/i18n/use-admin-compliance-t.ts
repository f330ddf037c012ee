import { createUseT } from '#ui/i18n/use-t.ts';
import { adminComplianceEn } from './admin-compliance-en.ts';
import { adminComplianceEs } from './admin-compliance-es.ts';

export const useAdminComplianceT = createUseT({ en: adminComplianceEn, es: adminComplianceEs });
