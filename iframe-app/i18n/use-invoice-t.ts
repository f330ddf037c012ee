import { createUseT } from '#ui/i18n/use-t.ts';
import { invoiceEn } from './invoice-en.ts';
import { invoiceEs } from './invoice-es.ts';

export const useInvoiceT = createUseT({ en: invoiceEn, es: invoiceEs });
