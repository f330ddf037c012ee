// The chosen tab lives in the URL (?tab=card) so links and the back button keep it.
import { useLocation, useSearch } from 'wouter';

/** `fallback` picks the tab when the URL names none, e.g. from ?currency=. */
export function useTabQuery<K extends string>(tabs: readonly K[], fallback: (query: URLSearchParams) => K): [K, (tab: K) => void, URLSearchParams] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const query = new URLSearchParams(search);
  const wanted = query.get('tab');
  const active = tabs.find((tab) => tab === wanted) ?? fallback(query);
  const choose = (tab: K) => {
    const next = new URLSearchParams(search);
    next.set('tab', tab);
    navigate(`${location}?${next.toString()}`, { replace: true });
  };
  return [active, choose, query];
}
