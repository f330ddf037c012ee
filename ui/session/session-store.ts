// The member's session as the app knows it: the user_info of GET /v1/currentUser, whether that
// call is running, and the code of its last failure. JavaScript never holds the token (the cookie
// is HttpOnly), so "signed in" means "currentUser answered with a user".
// The 10 s balance refresh and refresh on every route change belong to the money issue.
import { create } from 'zustand';
import type { UserInfo } from '#core/contract/users.ts';

export interface SessionState {
  /** 'idle' before the first check; 'loading' while currentUser runs; 'ready' once it answered. */
  status: 'idle' | 'loading' | 'ready';
  user: UserInfo | null;
  /** error_message.me.error[0] (or its code) of the last failed currentUser; null after a success. */
  error: string | null;
}

export const INITIAL_SESSION: SessionState = { status: 'idle', user: null, error: null };

export const useSessionStore = create<SessionState>(() => INITIAL_SESSION);
