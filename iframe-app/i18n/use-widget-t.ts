import { createUseT } from '#ui/i18n/use-t.ts';
import { widgetEn } from './widget-en.ts';
import { widgetEs } from './widget-es.ts';

export const useWidgetT = createUseT({ en: widgetEn, es: widgetEs });
