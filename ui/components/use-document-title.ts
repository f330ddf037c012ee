import { useEffect } from 'react';
import { useBootStore } from '../boot/boot-store.ts';

/** "<page> · <provider title>": screen readers announce it and tabs stay tellable apart. */
export function useDocumentTitle(page: string): void {
  const site = useBootStore((state) => state.boot.whitelabel?.meta.title);
  useEffect(() => {
    document.title = site ? `${page} · ${site}` : page;
  }, [page, site]);
}
