import type { CoinPageData } from '#core/markets/markets-page-data.ts';
import { useMarketsT } from '../i18n/use-markets-t.ts';

/** The coin info entity's sections (spec §3): a heading (may be empty), paragraphs, and an optional list. */
export function CoinAbout({ info, name }: { info: CoinPageData['info']; name: string }) {
  const t = useMarketsT();
  return (
    <section className="coin-about" aria-labelledby="coin-about-title">
      <h2 id="coin-about-title" className="coin-about__title">{t('coin.about', { name })}</h2>
      {info.section.length === 0 ? <p className="coin-about__empty">{t('coin.noContent', { name })}</p> : null}
      {info.section.map((section, index) => (
        <section key={index} className="coin-about__section">
          {section.heading ? <h3 className="coin-about__heading">{section.heading}</h3> : null}
          {section.p.map((paragraph, at) => (
            <p key={at}>{paragraph.text}</p>
          ))}
          {section.ul && section.ul.length > 0 ? (
            <ul className="coin-about__list">
              {section.ul.map((item, at) => (
                <li key={at}>
                  {item.heading ? <strong>{item.heading}: </strong> : null}
                  {item.text}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </section>
  );
}
