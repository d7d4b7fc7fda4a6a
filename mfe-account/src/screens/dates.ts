import { useTranslation } from 'react-i18next';

/** A date as the reader's language writes it ("23 novembre 2026"); the text itself if it is not one. */
export function useDate() {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(date);
  };
}
