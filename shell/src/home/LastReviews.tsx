// The "last reviews" carousel: 5 slides, looping, free drag, auto-scrolling at speed 1 and not
// stopped by interaction (the shared Carousel of @pupitre/ui), with a pause button as any moving
// content must have. Slides are the 5 most recent public reviews (GET /api/rating/community,
// category "recent"); when the service has fewer, or cannot answer, illustrative slides fill in
// (marked as examples). Offline, the copy kept from the last visit is shown.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommunityCategoryBlock, PublicReview } from '@pupitre/contracts';
import { request } from '@pupitre/api-client';
import { useFormat } from '@pupitre/i18n';
import { Carousel, CarouselPause, OfflineNotice, Stars, usePrefersReducedMotion } from '@pupitre/ui';
import styles from '../shell.module.css';

export const SLIDE_COUNT = 5;
/** Speed 1: one pixel a frame. */
const SPEED = 60;
const SAMPLE_RATINGS = [9, 8, 8, 7, 10];

interface Slide {
  id: string;
  rating: number;
  text: string;
  teacher: string | null;
  /** The month it was written (public reviews are dated to the month: docs/threat-model.md). */
  month: string | null;
}

/** The recent reviews of a community answer (its blocks, then the per-review state map). */
export function recentReviews(body: unknown): PublicReview[] {
  if (!Array.isArray(body)) return [];
  const block = body.find(
    (item): item is CommunityCategoryBlock => !!item && typeof item === 'object' && (item as { title?: unknown }).title === 'recent',
  );
  return Array.isArray(block?.reviews)
    ? block.reviews.filter((r) => r && typeof r.text_rating === 'string' && r.text_rating.trim() !== '')
    : [];
}

export default function LastReviews() {
  const { t } = useTranslation('common');
  const format = useFormat();
  const reducedMotion = usePrefersReducedMotion();
  const [reviews, setReviews] = useState<PublicReview[]>([]);
  const [storedAt, setStoredAt] = useState<number | undefined>();
  const [playing, setPlaying] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    // Public data only: no token (identical for every visitor), no page-level reaction; a copy is
    // kept for offline visits.
    void request<unknown>('GET', '/api/rating/community', { auth: false, react: false, keep: true, signal: controller.signal }).then(
      (outcome) => {
        if (outcome.kind !== 'ok') return;
        setReviews(recentReviews(outcome.data).slice(0, SLIDE_COUNT));
        setStoredAt(outcome.storedAt);
      },
    );
    return () => controller.abort();
  }, []);

  const slides: Slide[] = [
    ...reviews.map((review) => ({
      id: `review-${review.id}`,
      rating: review.tot_rating,
      text: review.text_rating,
      teacher: `${review.teacher.prefix} ${review.teacher.name} · ${review.subject}`,
      month: review.created_at,
    })),
    ...Array.from({ length: SLIDE_COUNT }, (_, i) => ({
      id: `sample-${i + 1}`,
      rating: SAMPLE_RATINGS[i],
      text: t(`home.sample.${i + 1}`),
      teacher: null,
      month: null,
    })),
  ].slice(0, SLIDE_COUNT);

  return (
    <div data-testid="last-reviews">
      {storedAt ? <OfflineNotice asOf={storedAt} /> : null}
      <Carousel label={t('home.carousel')} speed={SPEED} playing={playing} slideLabel={(i, n) => t('home.slide', { n: i + 1, total: n })}>
        {slides.map((slide) => (
          <figure key={slide.id} className={styles.slide} data-testid="carousel-slide" data-example={slide.teacher === null}>
            <Stars rating={slide.rating} size={18} />
            <blockquote>{slide.text}</blockquote>
            <figcaption className={styles.slideMeta}>
              {slide.teacher === null ? t('home.example') : slide.teacher}
              {slide.month ? <span> · {format.month(slide.month)}</span> : null}
            </figcaption>
          </figure>
        ))}
      </Carousel>
      {reducedMotion ? null : (
        <p className={styles.carouselControls}>
          <CarouselPause playing={playing} onToggle={() => setPlaying((p) => !p)} />
        </p>
      )}
    </div>
  );
}
