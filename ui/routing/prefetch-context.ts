// Lets a Link find the preload of the route its href points to, without ui/ knowing the apps' routes.
import { createContext } from 'react';

/** Path relative to the module base -> that route's preload, if it is code-split. */
export type PrefetchResolver = (path: string) => (() => Promise<unknown>) | undefined;

export const PrefetchContext = createContext<PrefetchResolver>(() => undefined);
