// The header user menu (spec §2): a disclosure button opening the gated items of
// core/rules/permission-gates.ts and the account number (account_prefix + client id).
// Esc or a click outside closes it and focus goes back to the button; navigating closes it too.
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { UserMenuItem } from '#core/rules/permission-gates.ts';
import { Link } from '../components/link.tsx';
import { isMembersKey } from '../i18n/members-en.ts';
import { useMembersT } from '../i18n/use-members-t.ts';

export interface UserMenuProps {
  items: readonly UserMenuItem[];
  displayName: string;
  accountNumber: string | null;
  onSignOut: () => void;
}

export function UserMenu({ items, displayName, accountNumber, onSignOut }: UserMenuProps) {
  const t = useMembersT();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const [location] = useLocation();
  useEffect(() => setOpen(false), [location]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const label = (key: string) => (isMembersKey(key) ? t(key) : key);
  return (
    <div
      ref={root}
      className="user-menu"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="user-menu__avatar" aria-hidden="true">{displayName.trim().charAt(0).toUpperCase()}</span>
        <span className="user-menu__name">{displayName}</span>
        <span className="visually-hidden">{t('userMenu.open')}</span>
      </button>
      <div id={panelId} className="user-menu__panel" hidden={!open}>
        {accountNumber ? (
          <p className="user-menu__account">
            {t('userMenu.accountNumber')}: <strong>{accountNumber}</strong>
          </p>
        ) : null}
        <ul>
          {items.map((item) => (
            <li key={item.id}>
              {item.kind === 'sign-out' ? (
                <button type="button" className="user-menu__item" onClick={onSignOut}>{label(item.labelKey)}</button>
              ) : (
                <Link href={item.path} className="user-menu__item">{label(item.labelKey)}</Link>
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
