import { useTranslation } from 'react-i18next';
import styles from '../shell.module.css';

/** Spec: an FAQ of 4 collapsible questions in two columns (native disclosure: keyboard-usable). */
export const FAQ_ITEMS = [1, 2, 3, 4] as const;

export function Faq() {
  const { t } = useTranslation('common');
  return (
    <section className={styles.section} aria-labelledby="home-faq" data-testid="faq">
      <h2 id="home-faq">{t('home.faqTitle')}</h2>
      <div className={styles.faq}>
        {FAQ_ITEMS.map((n) => (
          <details key={n} className={styles.faqItem}>
            <summary>{t(`home.faq.q${n}`)}</summary>
            <p>{t(`home.faq.a${n}`)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
