// Review lists of this micro-frontend: the community's category carousels and a teacher's reviews.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommunityCategoryBlock, PublicReview } from '@pupitre/contracts';
import { ReviewCard, splitCommunity, useGoToAuth, useReviewBook, useSignedIn, type ReviewBook } from '@pupitre/review-ui';
import { Carousel, CarouselPause, usePrefersReducedMotion } from '@pupitre/ui';
import styles from '../community.module.css';

/** The live state book of a community-shaped answer. */
export function useCommunityBook(body: unknown): {
  categories: CommunityCategoryBlock[];
  book: ReviewBook;
  signedIn: boolean;
  goToAuth: () => void;
} {
  const { categories, state } = useMemo(() => splitCommunity(body), [body]);
  const signedIn = useSignedIn();
  const goToAuth = useGoToAuth();
  const book = useReviewBook(state, signedIn, goToAuth);
  return { categories, book, signedIn, goToAuth };
}

/** Reviews per category scroll at 0.6 px a frame (the home carousel: 1). */
const CATEGORY_SPEED = 36;

/** Categories (recent, highest, lowest, relevant) as carousels, alternating direction; empty ones hidden. */
export function CategoryCarousels({ body }: { body: unknown }) {
  const { t } = useTranslation('community');
  const { categories, book, signedIn, goToAuth } = useCommunityBook(body);
  const reducedMotion = usePrefersReducedMotion();
  const [playing, setPlaying] = useState(true);
  const shown = categories.filter((c) => c.reviews.length > 0);
  if (shown.length === 0) return <p>{t('community.noReviews')}</p>;
  return (
    <div className={styles.categories} data-testid="categories">
      {reducedMotion ? null : (
        <p className={styles.motionToggle}>
          <CarouselPause playing={playing} onToggle={() => setPlaying((p) => !p)} />
        </p>
      )}
      {shown.map((category, row) => (
        <section
          key={category.title}
          className={styles.category}
          data-testid={`category-${category.title}`}
          aria-labelledby={`category-${category.title}`}
        >
          <h3 id={`category-${category.title}`}>{t(`categories.${category.title}`)}</h3>
          <Carousel
            label={t(`categories.${category.title}`)}
            direction={row % 2 === 0 ? 'forward' : 'backward'}
            speed={CATEGORY_SPEED}
            playing={playing}
            pauseOnInteraction
          >
            {category.reviews.map((review) => (
              <ReviewCard key={review.id} review={review} book={book} signedIn={signedIn} goToAuth={goToAuth} idScope={category.title} />
            ))}
          </Carousel>
        </section>
      ))}
    </div>
  );
}

/** Every review of one teacher once (newest month first, then newest first), as a grid of cards. */
export function TeacherReviews({ body }: { body: unknown }) {
  const { t } = useTranslation('community');
  const { categories, book, signedIn, goToAuth } = useCommunityBook(body);
  const reviews = useMemo(() => {
    const seen = new Map<number, PublicReview>();
    for (const category of categories) for (const review of category.reviews) if (!seen.has(review.id)) seen.set(review.id, review);
    return [...seen.values()].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  }, [categories]);
  if (reviews.length === 0) return <p data-testid="teacher-no-reviews">{t('teacher.noReviews')}</p>;
  return (
    <ul className={styles.grid} data-testid="teacher-reviews">
      {reviews.map((review) => (
        <li key={review.id}>
          <ReviewCard review={review} book={book} signedIn={signedIn} goToAuth={goToAuth} hideTeacher />
        </li>
      ))}
    </ul>
  );
}
