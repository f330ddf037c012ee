import type { MouseEvent } from 'react';
import { useT } from '../i18n/use-t.ts';

/** The id every layout gives its <main>, the target of the skip link. */
export const MAIN_ID = 'main-content';

/**
 * First focusable element of every layout: keyboard users jump past the header straight to the
 * content. Focus is moved by hand because a fragment link alone does not move focus in every
 * browser, and the URL keeps no "#main-content" that a reload would scroll to.
 */
export function SkipLink() {
  const t = useT();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a className="skip-link" href={`#${MAIN_ID}`} onClick={onClick}>
      {t('skip.toContent')}
    </a>
  );
}
