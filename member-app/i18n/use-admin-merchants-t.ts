import { createUseT } from '#ui/i18n/use-t.ts';
import { adminMerchantsEn } from './admin-merchants-en.ts';
import { adminMerchantsEs } from './admin-merchants-es.ts';

export const useAdminMerchantsT = createUseT({ en: adminMerchantsEn, es: adminMerchantsEs });
