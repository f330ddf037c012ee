import { createUseT } from '#ui/i18n/use-t.ts';
import { adminMoneyEn } from './admin-money-en.ts';
import { adminMoneyEs } from './admin-money-es.ts';

export const useAdminMoneyT = createUseT({ en: adminMoneyEn, es: adminMoneyEs });
