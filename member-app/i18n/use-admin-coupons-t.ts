import { createUseT } from '#ui/i18n/use-t.ts';
import { adminCouponsEn } from './admin-coupons-en.ts';
import { adminCouponsEs } from './admin-coupons-es.ts';

export const useAdminCouponsT = createUseT({ en: adminCouponsEn, es: adminCouponsEs });
