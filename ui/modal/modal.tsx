// An accessible dialog: role=dialog with aria-modal, named by its title, focus moved in on open,
// Tab and Shift+Tab kept inside, Esc closes, and focus returned to where it was on close.
// With `alert` it is an alertdialog (a question that interrupts, like "Leave this payment?"): described
// by its content, and without the corner close button, so focus starts on the first action, which
// the caller makes the safe choice.
// Its open state usually comes from the modal store (useModalOpen), which hides it 500 ms after a
// route change.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../i18n/use-t.ts';
import { FOCUSABLE, nextFocusIndex } from './focus-trap.ts';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons under the content; the close button in the corner is always there. */
  actions?: ReactNode;
  /** role=alertdialog, no corner close button: Esc and the backdrop still call onClose. */
  alert?: boolean;
}

export function Modal({ open, title, onClose, children, actions, alert = false }: ModalProps) {
  const t = useT();
  const titleId = useId();
  const bodyId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const returnTo = document.activeElement as HTMLElement | null;
    const first = dialog.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog.current)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const next = nextFocusIndex(items.indexOf(document.activeElement as HTMLElement), items.length, event.shiftKey);
    event.preventDefault();
    (items[next] ?? dialog.current).focus();
  };

  return createPortal(
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={dialog}
        className="modal"
        role={alert ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={alert ? bodyId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">{title}</h2>
          {alert ? null : (
            <button type="button" className="icon-button" onClick={onClose} aria-label={t('modal.close')}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        <div id={bodyId} className="modal__body">{children}</div>
        {actions ? <div className="modal__actions">{actions}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
