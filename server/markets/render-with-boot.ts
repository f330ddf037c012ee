// The shared components read the page's BootData from the zustand boot store (ui/boot/boot-store.ts).
// During a server render React reads a store through useSyncExternalStore's *server snapshot*, which
// zustand takes from the store's initial state object (getInitialState), not from setState's. The
// browser fills its store once at start; the server renders many pages, so for one synchronous render
// the initial state object holds this request's values, and gets its own back after. renderToString
// runs to its end before the event loop moves on, so no other request can see another's boot data.

import type { BootState } from '#ui/boot/boot-store.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';

export function renderWithBoot<T>(state: BootState, render: () => T): T {
  const initial = useBootStore.getInitialState();
  const saved = { ...initial };
  Object.assign(initial, state);
  try {
    return render();
  } finally {
    Object.assign(initial, saved);
  }
}
