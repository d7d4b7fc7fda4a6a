// Review lists of this micro-frontend: the community's category carousels and a teacher's reviews.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommunityCategoryBlock, PublicReview } from '@pupitre/contracts';
import { ReviewCard, splitCommunity, useGoToAuth, useReviewBook, useSignedIn, type ReviewBook } from '@pupitre/review-ui';
import { Button } from '@pupitre/ui';
import { Carousel, usePrefersReducedMotion } from './Carousel';
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
          <Button variant="secondary" aria-pressed={!playing} onClick={() => setPlaying((p) => !p)} data-testid="carousel-pause">
            {playing ? t('community.pause') : t('community.play')}
          </Button>
        </p>
      )}
      {shown.map((category, row) => (
        <section key={category.title} className={styles.category} data-testid={`category-${category.title}`}>
          <h2 id={`category-${category.title}`}>{t(`categories.${category.title}`)}</h2>
          <Carousel label={t(`categories.${category.title}`)} direction={row % 2 === 0 ? 'forward' : 'backward'} playing={playing}>
            {category.reviews.map((review) => (
              <ReviewCard key={review.id} review={review} book={book} signedIn={signedIn} goToAuth={goToAuth} />
            ))}
          </Carousel>
        </section>
      ))}
    </div>
  );
}

/** Every review of one teacher once (newest first), as a grid of cards. */
export function TeacherReviews({ body }: { body: unknown }) {
  const { t } = useTranslation('community');
  const { categories, book, signedIn, goToAuth } = useCommunityBook(body);
  const reviews = useMemo(() => {
    const seen = new Map<number, PublicReview>();
    for (const category of categories) for (const review of category.reviews) if (!seen.has(review.id)) seen.set(review.id, review);
    return [...seen.values()].sort((a, b) => b.created_at.localeCompare(a.created_at));
  }, [categories]);
  if (reviews.length === 0) return <p data-testid="teacher-no-reviews">{t('teacher.noReviews')}</p>;
  return (
    <ul className={styles.grid} data-testid="teacher-reviews">
      {reviews.map((review) => (
        <li key={review.id}>
          <ReviewCard review={review} book={book} signedIn={signedIn} goToAuth={goToAuth} linkTeacher={false} />
        </li>
      ))}
    </ul>
  );
}
