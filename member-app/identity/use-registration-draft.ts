// The registration draft of this tab (registration-draft.ts) as React state: read once when the
// page opens, written to sessionStorage on every change so a reload finds it as it was.
import { useCallback, useRef, useState } from 'react';
import { EMPTY_DRAFT, readDraft, saveDraft, type RegistrationDraft } from './registration-draft.ts';

export type DraftChange = (current: RegistrationDraft) => RegistrationDraft;

export function useRegistrationDraft(): [RegistrationDraft, (change: DraftChange) => void] {
  const [draft, setDraft] = useState<RegistrationDraft>(() => readDraft(Date.now()) ?? EMPTY_DRAFT);
  // The latest draft outside React's batching, so two changes in one event both land.
  const latest = useRef(draft);
  const update = useCallback((change: DraftChange) => {
    const next = change(latest.current);
    latest.current = next;
    saveDraft(next);
    setDraft(next);
  }, []);
  return [draft, update];
}
