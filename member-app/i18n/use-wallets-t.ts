import { createUseT } from '#ui/i18n/use-t.ts';
import { walletsEn } from './wallets-en.ts';
import { walletsEs } from './wallets-es.ts';

export const useWalletsT = createUseT({ en: walletsEn, es: walletsEs });
