// Dates and times of the developers section in the page language, to the minute.
import { useMemo } from 'react';
import { useBootStore } from '#ui/boot/boot-store.ts';

export function useDateTime(): (iso: string) => string {
  const locale = useBootStore((state) => state.locale);
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    return (iso: string) => format.format(new Date(iso));
  }, [locale]);
}
