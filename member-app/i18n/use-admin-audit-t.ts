import { createUseT } from '#ui/i18n/use-t.ts';
import { adminAuditEn } from './admin-audit-en.ts';
import { adminAuditEs } from './admin-audit-es.ts';

export const useAdminAuditT = createUseT({ en: adminAuditEn, es: adminAuditEs });
