import { createUseT } from '#ui/i18n/use-t.ts';
import { identityEn } from './identity-en.ts';
import { identityEs } from './identity-es.ts';

export const useIdentityT = createUseT({ en: identityEn, es: identityEs });
