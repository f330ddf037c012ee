// The card of the blocked and maintenance pages: icon, eyebrow, heading, explanation, optional
// state and actions, and the provider's support contacts (support_email, contact_url).
import type { ReactNode } from 'react';
import { useWhiteLabel } from '#ui/boot/boot-store.ts';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { useStatusT } from '../i18n/use-status-t.ts';
import { ChatIcon, MailIcon } from './status-icons.tsx';

export interface StatusCardProps {
  tone: 'blocked' | 'maintenance';
  icon: ReactNode;
  eyebrow: string;
  title: string;
  body: string;
  /** A line such as "Under maintenance" with a live dot. */
  state?: string;
  actions?: ReactNode;
}

export function StatusCard({ tone, icon, eyebrow, title, body, state, actions }: StatusCardProps) {
  const t = useStatusT();
  const whitelabel = useWhiteLabel();
  useDocumentTitle(title);
  const c = whitelabel?.configuration;
  return (
    <section className={`status-card status-card--${tone}`} aria-labelledby="status-title">
      <div className="status-card__icon">{icon}</div>
      <p className="status-card__eyebrow">{eyebrow}</p>
      <h1 id="status-title" className="status-card__title">{title}</h1>
      <p className="status-card__body">{body}</p>
      {state ? (
        <p className="status-pill">
          <span className="status-pill__dot" aria-hidden="true" />
          {state}
        </p>
      ) : null}
      {actions ? <div className="status-card__actions">{actions}</div> : null}
      {c ? (
        <div className="status-help">
          <h2 className="status-help__title">{t('status.help.title')}</h2>
          <p className="status-help__body">{t('status.help.body')}</p>
          <ul className="status-help__links">
            <li>
              <a href={`mailto:${c.support_email}`}>
                <MailIcon />
                <span>{c.support_email}</span>
              </a>
            </li>
            <li>
              <a href={c.contact_url} target="_blank" rel="noopener noreferrer">
                <ChatIcon />
                <span>{t('status.help.contact')}</span>
              </a>
            </li>
          </ul>
        </div>
      ) : null}
    </section>
  );
}
