import { createUseT } from '#ui/i18n/use-t.ts';
import { adminWhitelabelEn } from './admin-whitelabel-en.ts';
import { adminWhitelabelEs } from './admin-whitelabel-es.ts';

export const useAdminWhitelabelT = createUseT({ en: adminWhitelabelEn, es: adminWhitelabelEs });
