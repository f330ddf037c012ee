// Spec §8: when a call answers invalid_session (another login replaced this session), this modal
// says so with the spec's exact text and a Login button. Closing it also leads to the login page:
// the session is gone, so the page under it can do nothing more.
import { useLocation } from 'wouter';
import { modalStore, useModalOpen } from '#ui/modal/modal-store.ts';
import { Modal } from '#ui/modal/modal.tsx';
import { SESSION_TIMEOUT_MODAL } from '#ui/session/member-api.ts';
import { forgetSession } from '#ui/session/session-actions.ts';
import { useIdentityT } from '../i18n/use-identity-t.ts';

export function SessionTimeoutModal() {
  const t = useIdentityT();
  const open = useModalOpen(SESSION_TIMEOUT_MODAL);
  const [, navigate] = useLocation();
  const toLogin = () => {
    modalStore.getState().hide(SESSION_TIMEOUT_MODAL);
    forgetSession();
    navigate('/login');
  };
  return (
    <Modal
      open={open}
      title={t('session.timeoutTitle')}
      onClose={toLogin}
      actions={
        <button type="button" className="button button--primary" onClick={toLogin}>
          {t('session.login')}
        </button>
      }
    >
      <p>{t('session.timeoutText')}</p>
    </Modal>
  );
}
