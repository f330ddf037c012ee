import { createUseT } from '#ui/i18n/use-t.ts';
import { adminMembersEn } from './admin-members-en.ts';
import { adminMembersEs } from './admin-members-es.ts';

export const useAdminMembersT = createUseT({ en: adminMembersEn, es: adminMembersEs });
