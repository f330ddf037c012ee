// The iframe app's pages per module. None is built yet (the widget's payment pages and the flows
// come in later issues): every route of core/modules.ts renders the 404 until its page exists.
import type { AppRoute } from '#ui/app/app-root.tsx';

export type IframeModule = 'sys-widget' | 'sys-buywidget' | 'sys-flow' | 'sys-remitflow';

export const MODULE_PAGES: Record<IframeModule, readonly AppRoute[]> = {
  'sys-widget': [],
  'sys-buywidget': [],
  'sys-flow': [],
  'sys-remitflow': [],
};
