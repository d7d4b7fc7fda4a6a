import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n, isLanguage, retry, type Language } from '@pupitre/i18n';
import { Loading, Panel, usePageTitle } from '@pupitre/ui';
import type { LegalCatalogue } from './en';

// The legal texts are long: they live in the `legal` namespace, one chunk per language, loaded
// when a legal page is shown (with the translation-loading retries).
export const LEGAL_NS = 'legal';
const loaders: Record<Language, () => Promise<{ default: LegalCatalogue }>> = {
  fr: () => import(/* webpackChunkName: "legal-fr" */ './fr'),
  es: () => import(/* webpackChunkName: "legal-es" */ './es'),
  en: () => import(/* webpackChunkName: "legal-en" */ './en'),
};

export async function loadLegal(lang: Language): Promise<void> {
  if (i18n.hasResourceBundle(lang, LEGAL_NS)) return;
  const mod = await retry(loaders[lang]);
  i18n.addResourceBundle(lang, LEGAL_NS, mod.default, true, true);
}

type Page = 'terms' | 'cookies' | 'privacy';
type Section = { heading: string; body: string };

/** Paragraphs separated by blank lines; consecutive "- " lines form a list. */
function Body({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\n/).map((block, i) => {
        const lines = block.split('\n');
        const intro = lines.filter((l) => !l.startsWith('- '));
        const items = lines.filter((l) => l.startsWith('- ')).map((l) => l.slice(2));
        return (
          <Fragment key={i}>
            {intro.map((line, j) => (
              <p key={j}>{line}</p>
            ))}
            {items.length ? (
              <ul>
                {items.map((item, j) => (
                  <li key={j}>{item}</li>
                ))}
              </ul>
            ) : null}
          </Fragment>
        );
      })}
    </>
  );
}

function LegalPage({ page }: { page: Page }) {
  const { t, i18n: instance } = useTranslation([LEGAL_NS, 'common']);
  const lang = instance.resolvedLanguage ?? instance.language;
  const [loaded, setLoaded] = useState<string | null>(() => (instance.hasResourceBundle(lang, LEGAL_NS) ? lang : null));
  const [failed, setFailed] = useState(false);
  usePageTitle(t(`common:title.${page}`));

  useEffect(() => {
    if (!isLanguage(lang)) return;
    let active = true;
    loadLegal(lang).then(
      () => active && setLoaded(lang),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, [lang]);

  if (loaded !== lang) {
    return failed ? (
      <Panel tone="alert" role="alert">
        <p>{t('common:remote.unavailable')}</p>
      </Panel>
    ) : (
      <Loading />
    );
  }
  const sections = t(`${page}.sections`, { returnObjects: true }) as unknown as Record<string, Section>;
  return (
    <article className="pp-panel" data-testid={`legal-${page}`}>
      <h1>{t(`${page}.title`)}</h1>
      <p>
        <small>{t('updated')}</small>
      </p>
      <p>{t(`${page}.intro`)}</p>
      {Object.entries(sections).map(([key, section]) => (
        <section key={key} aria-labelledby={`legal-${page}-${key}`}>
          <h2 id={`legal-${page}-${key}`}>{section.heading}</h2>
          <Body text={section.body} />
        </section>
      ))}
    </article>
  );
}

export const TermsPage = () => <LegalPage page="terms" />;
export const CookiesPage = () => <LegalPage page="cookies" />;
export const PrivacyPage = () => <LegalPage page="privacy" />;
