// The pager under a server-paged list: previous, where we are, next, and optionally rows per page.
// Each list brings its own words; the shape, the disabled ends and the per-page reset live here once.
import type { PageInfo } from './page-info.ts';

export interface PagerTexts {
  /** The navigation landmark's name, e.g. "Page 2 of 3". */
  label: string;
  previous: string;
  next: string;
  /** Where we are, e.g. "21–40 of 57". */
  position: string;
}

export interface PerPageChoice {
  label: string;
  value: number;
  choices: readonly number[];
  onChange: (perPage: number) => void;
}

export function Pager({ info, texts, onPage, perPage }: { info: PageInfo; texts: PagerTexts; onPage: (page: number) => void; perPage?: PerPageChoice }) {
  return (
    <nav className="pager" aria-label={texts.label}>
      <button type="button" className="button button--secondary" disabled={info.page <= 1} onClick={() => onPage(info.page - 1)}>
        {texts.previous}
      </button>
      <span className="pager__text">{texts.position}</span>
      <button type="button" className="button button--secondary" disabled={info.page >= info.pages} onClick={() => onPage(info.page + 1)}>
        {texts.next}
      </button>
      {perPage ? (
        <label className="pager__per-page">
          <span>{perPage.label}</span>
          <select className="form-field__input" value={perPage.value} onChange={(event) => perPage.onChange(Number(event.target.value))}>
            {perPage.choices.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </nav>
  );
}
