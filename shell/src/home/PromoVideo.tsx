import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@pupitre/i18n';
import { whenIdle } from '@pupitre/ui';
import styles from '../shell.module.css';
import { PROMO_POSTER } from './promo-media';

export const promoSource = (lang: string) => `/promo/promo-${isLanguage(lang) ? lang : 'fr'}.webm`;

// The promo video (autoplaying, muted, looping), one per language: the stored language is the hint.
// Its source is attached only once the page has loaded and the browser is idle, so it never
// competes with the first paint; the poster (2 KB) holds its place meanwhile.

export function PromoVideo() {
  const { t, i18n } = useTranslation('common');
  const ref = useRef<HTMLVideoElement>(null);
  const lang = i18n.resolvedLanguage ?? i18n.language;

  useEffect(
    () =>
      whenIdle(() => {
        const video = ref.current;
        if (!video) return;
        video.src = promoSource(lang);
        video.muted = true;
        // Autoplay may be refused (data saver): the poster stays, nothing else to do.
        void video.play?.()?.catch(() => undefined);
      }),
    [lang],
  );

  return (
    <video
      ref={ref}
      className={styles.video}
      poster={PROMO_POSTER}
      muted
      loop
      playsInline
      autoPlay
      preload="none"
      width={640}
      height={360}
      aria-label={t('home.video')}
      data-testid="promo-video"
    />
  );
}
