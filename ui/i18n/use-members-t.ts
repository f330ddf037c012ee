import { membersEn } from './members-en.ts';
import { membersEs } from './members-es.ts';
import { createUseT } from './use-t.ts';

export const useMembersT = createUseT({ en: membersEn, es: membersEs });
