// An in-app link that prefetches its route's chunk: once when the browser is idle (2000 ms timeout)
// and again on hover or focus after a 200 ms intent delay. Skipped on 2g and with data-saver on.
import { useContext, useEffect, useRef, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { Link as RouterLink } from 'wouter';
import { PrefetchContext } from '../routing/prefetch-context.ts';
import { connectionHints, prefetchAllowed, PREFETCH_INTENT_DELAY_MS, whenIdle } from '../routing/prefetch-policy.ts';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** Path relative to the module base, e.g. "/" or "/wallets". */
  href: string;
  children: ReactNode;
}

export function Link({ href, children, onMouseEnter, onMouseLeave, onFocus, onBlur, ...rest }: LinkProps) {
  const preload = useContext(PrefetchContext)(href.split(/[?#]/)[0] ?? href);
  const intent = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!preload || !prefetchAllowed(connectionHints())) return undefined;
    return whenIdle(preload, globalThis as unknown as Parameters<typeof whenIdle>[1]);
  }, [preload]);
  useEffect(() => () => clearTimeout(intent.current), []);

  const start = () => {
    if (!preload || !prefetchAllowed(connectionHints())) return;
    clearTimeout(intent.current);
    intent.current = setTimeout(preload, PREFETCH_INTENT_DELAY_MS);
  };
  const stop = () => clearTimeout(intent.current);

  return (
    <RouterLink
      href={href}
      {...rest}
      onMouseEnter={(event) => (start(), onMouseEnter?.(event))}
      onMouseLeave={(event) => (stop(), onMouseLeave?.(event))}
      onFocus={(event) => (start(), onFocus?.(event))}
      onBlur={(event) => (stop(), onBlur?.(event))}
    >
      {children}
    </RouterLink>
  );
}
