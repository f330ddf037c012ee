// Which modals are open. Spec §9: open modals hide 500 ms after a route change, so a dialog that
// belonged to the previous page does not sit over the next one, while a modal opened as the
// navigation's own result (e.g. Session Timeout) still gets a moment on screen.
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { MODAL_AUTO_HIDE_MS } from '#core/constants.ts';

export { MODAL_AUTO_HIDE_MS };

export interface ModalState {
  open: readonly string[];
  show: (id: string) => void;
  hide: (id: string) => void;
  hideAll: () => void;
}

export function createModalStore() {
  return createStore<ModalState>((set) => ({
    open: [],
    show: (id) => set((state) => (state.open.includes(id) ? state : { open: [...state.open, id] })),
    hide: (id) => set((state) => ({ open: state.open.filter((openId) => openId !== id) })),
    hideAll: () => set({ open: [] }),
  }));
}

export type ModalStore = ReturnType<typeof createModalStore>;

export interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
}

/** Call on every route change; returns the cancel for the next change (or unmount) to call. */
export function hideModalsAfterRouteChange(store: ModalStore, timers: Timers, delay_ms = MODAL_AUTO_HIDE_MS): () => void {
  if (store.getState().open.length === 0) return () => {};
  const handle = timers.setTimeout(() => store.getState().hideAll(), delay_ms);
  return () => timers.clearTimeout(handle as never);
}

export const modalStore = createModalStore();

export function useModalOpen(id: string): boolean {
  return useStore(modalStore, (state) => state.open.includes(id));
}
