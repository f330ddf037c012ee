import { createUseT } from '#ui/i18n/use-t.ts';
import { flowEn } from './flow-en.ts';
import { flowEs } from './flow-es.ts';

export const useFlowT = createUseT({ en: flowEn, es: flowEs });
