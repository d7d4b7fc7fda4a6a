// One category of reviews as an auto-scrolling, looping carousel (embla + its auto-scroll plugin).
// Rows alternate direction; the motion stops while the pointer or the focus is inside, is paused
// by the page's pause button, and never starts when the visitor prefers reduced motion.
import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import AutoScroll from 'embla-carousel-auto-scroll';
import { useAfterLoadAndIdle } from '@pupitre/ui';
import styles from '../community.module.css';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeMotion(listener: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** True when the visitor asks for reduced motion (follows changes live). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeMotion,
    () => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

export interface CarouselProps {
  label: string;
  direction: 'forward' | 'backward';
  playing: boolean;
  children: ReactNode[];
  'data-testid'?: string;
}

export function Carousel({ label, direction, playing, children, ...rest }: CarouselProps) {
  const reducedMotion = usePrefersReducedMotion();
  // The motion starts once the page has loaded and been idle, not during the loading work.
  const calm = useAfterLoadAndIdle();
  const plugins = useMemo(
    () =>
      reducedMotion
        ? []
        : [
            AutoScroll({
              speed: 0.6,
              direction,
              playOnInit: false,
              startDelay: 500,
              stopOnInteraction: false,
              stopOnMouseEnter: true,
              stopOnFocusIn: true,
            }),
          ],
    [direction, reducedMotion],
  );
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, dragFree: true, align: 'start' }, plugins);

  useEffect(() => {
    if (!embla) return;
    const apply = () => {
      const autoScroll = embla.plugins()?.autoScroll;
      // The plugin sets itself up only when there is something to scroll (more than one snap):
      // playing or stopping it before that would leave embla without a scroll body (a crash on
      // the next frame: "reading 'settled'"). Each reInit sets it up again, so apply it then.
      if (!autoScroll || embla.scrollSnapList().length <= 1) return;
      if (playing && calm) autoScroll.play();
      else autoScroll.stop();
    };
    apply();
    embla.on('reInit', apply);
    return () => {
      embla.off('reInit', apply);
    };
  }, [embla, playing, calm]);

  return (
    <div
      className={styles.carousel}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-testid={rest['data-testid']}
      data-direction={direction}
    >
      <div className={styles.viewport} ref={viewportRef}>
        <ul className={styles.track}>
          {children.map((child, i) => (
            <li key={i} className={styles.slide}>
              {child}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
