// The "last reviews" carousel: 5 slides, looping, free drag, auto-scrolling at speed 1 and not
// stopped by interaction (embla-carousel + its auto-scroll plugin). Slides are the 5 most recent
// public reviews (GET /api/rating/community, category "recent"); when the service has fewer, or
// cannot answer, illustrative slides fill in (marked as examples).
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useEmblaCarousel from 'embla-carousel-react';
import AutoScroll from 'embla-carousel-auto-scroll';
import type { CommunityCategoryBlock, PublicReview } from '@pupitre/contracts';
import { request } from '@pupitre/api-client';
import { useAfterLoadAndIdle } from '@pupitre/ui';
import styles from '../shell.module.css';

export const SLIDE_COUNT = 5;
const SAMPLE_RATINGS = [9, 8, 8, 7, 10];

interface Slide {
  id: string;
  rating: number;
  text: string;
  teacher: string | null;
  example: boolean;
}

function fromReview(review: PublicReview): Slide {
  return {
    id: `review-${review.id}`,
    rating: review.tot_rating,
    text: review.text_rating,
    teacher: `${review.teacher.prefix} ${review.teacher.name} · ${review.subject}`,
    example: false,
  };
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

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation('common');
  const value = Math.round(rating) / 2;
  return (
    <span className={styles.stars} role="img" aria-label={t('home.stars', { value })}>
      {'★'.repeat(Math.floor(value))}
      {value % 1 ? '⯪' : ''}
      {'☆'.repeat(5 - Math.ceil(value))}
    </span>
  );
}

export default function LastReviews() {
  const { t } = useTranslation('common');
  const [reviews, setReviews] = useState<PublicReview[]>([]);
  const reducedMotion = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const plugins = useMemo(
    () =>
      reducedMotion
        ? []
        : [
            AutoScroll({
              speed: 1,
              playOnInit: false,
              startDelay: 0,
              stopOnInteraction: false,
              stopOnMouseEnter: false,
              stopOnFocusIn: false,
            }),
          ],
    [reducedMotion],
  );
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, dragFree: true, align: 'start' }, plugins);
  // The motion starts once the page has loaded and been idle, not during the loading work. The
  // plugin sets itself up only when there is something to scroll, again at each reInit.
  const calm = useAfterLoadAndIdle();
  useEffect(() => {
    if (!embla || !calm) return;
    const play = () => {
      const autoScroll = embla.plugins()?.autoScroll;
      if (autoScroll && embla.scrollSnapList().length > 1 && !autoScroll.isPlaying()) autoScroll.play();
    };
    play();
    embla.on('reInit', play);
    return () => {
      embla.off('reInit', play);
    };
  }, [embla, calm]);

  useEffect(() => {
    const controller = new AbortController();
    // Public data only: no token (cacheable, identical for every visitor), no page-level reaction.
    void request<unknown>('GET', '/api/rating/community', { auth: false, react: false, signal: controller.signal }).then((outcome) => {
      if (outcome.kind === 'ok') setReviews(recentReviews(outcome.data).slice(0, SLIDE_COUNT));
    });
    return () => controller.abort();
  }, []);

  const slides: Slide[] = [
    ...reviews.map(fromReview),
    ...Array.from({ length: SLIDE_COUNT }, (_, i) => ({
      id: `sample-${i + 1}`,
      rating: SAMPLE_RATINGS[i],
      text: t(`home.sample.${i + 1}`),
      teacher: null,
      example: true,
    })),
  ].slice(0, SLIDE_COUNT);

  return (
    <div
      className={styles.carousel}
      role="region"
      aria-roledescription="carousel"
      aria-label={t('home.carousel')}
      data-testid="last-reviews"
    >
      <div className={styles.carouselViewport} ref={viewportRef}>
        <div className={styles.carouselTrack}>
          {slides.map((slide, i) => (
            <div
              key={slide.id}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={t('home.slide', { n: i + 1, total: slides.length })}
              data-testid="carousel-slide"
              data-example={slide.example}
            >
              <Stars rating={slide.rating} />
              <blockquote>{slide.text}</blockquote>
              <p className={styles.slideMeta}>{slide.example ? t('home.example') : slide.teacher}</p>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
