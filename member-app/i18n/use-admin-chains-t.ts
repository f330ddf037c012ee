import { createUseT } from '#ui/i18n/use-t.ts';
import { adminChainsEn } from './admin-chains-en.ts';
import { adminChainsEs } from './admin-chains-es.ts';

export const useAdminChainsT = createUseT({ en: adminChainsEn, es: adminChainsEs });
