import { createUseT } from '#ui/i18n/use-t.ts';
import { adminConsoleEn } from './admin-console-en.ts';
import { adminConsoleEs } from './admin-console-es.ts';

export const useAdminConsoleT = createUseT({ en: adminConsoleEn, es: adminConsoleEs });
