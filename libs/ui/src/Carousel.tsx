// The one carousel of the product (home's last reviews, the community's categories): a row of
// slides that scrolls by itself and loops. Calm by design:
//  - it starts moving only once the page has loaded and the browser is idle, and only while it is
//    on screen, the page's pause button is off, and the visitor does not prefer reduced motion;
//  - each slide moves by a transform animation (Web Animations), which the compositor runs: no
//    layout, no paint, no script per frame (the ring arithmetic is in carousel-ring.ts);
//  - it can be dragged (mouse, finger), which moves the row and lets it go on from there;
//  - with `pauseOnInteraction`, a pointer over it or the focus inside stops it; a slide reached
//    with the keyboard is brought into view;
//  - when it does not move (reduced motion, before idle), the row is a plain horizontal scroller.
import { Children, isValidElement, useEffect, useRef, useState, type FocusEvent, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { clockFor, clockShift, needsMotion, ringOf, wrap, type Ring, type SlideBox } from './carousel-ring';
import { whenIdle } from './idle';
import { usePrefersReducedMotion } from './motion';

export interface CarouselProps {
  label: string;
  children: ReactNode;
  direction?: 'forward' | 'backward';
  /** px per second (1 px a frame at 60 frames a second = 60). */
  speed?: number;
  /** The page's pause control (true = may move). */
  playing?: boolean;
  /** Stop while a pointer is over it or the focus is inside. */
  pauseOnInteraction?: boolean;
  /** The accessible name of slide i of n: slides become labelled groups (default: list items). */
  slideLabel?: (index: number, total: number) => string;
  'data-testid'?: string;
}

const DRAG_THRESHOLD = 6;
/** Where a slide reached with the keyboard is put (px from the left edge). */
const FOCUS_X = 16;

interface Motion {
  ring: Ring;
  boxes: SlideBox[];
  animations: Animation[];
}

function measure(row: HTMLElement): { items: HTMLElement[]; boxes: SlideBox[]; width: number } {
  const items = [...row.children] as HTMLElement[];
  // Every slide has the same class, so one computed style gives the spacing of all.
  const margin = items.length > 0 ? parseFloat(getComputedStyle(items[0]).marginRight) || 0 : 0;
  const boxes = items.map((el) => ({ left: el.offsetLeft, width: el.offsetWidth + margin }));
  return { items, boxes, width: boxes.reduce((sum, b) => sum + b.width, 0) };
}

export function Carousel({
  label,
  children,
  direction = 'forward',
  speed = 40,
  playing = true,
  pauseOnInteraction = false,
  slideLabel,
  ...rest
}: CarouselProps) {
  const { t } = useTranslation('common');
  const slides = Children.toArray(children);
  // New slides (other keys: the home's examples replaced by the latest reviews) are new elements:
  // their animations are built again.
  const slideKeys = slides.map((slide, i) => (isValidElement(slide) ? String(slide.key) : String(i))).join('|');
  const viewport = useRef<HTMLDivElement>(null);
  const row = useRef<HTMLDivElement & HTMLUListElement>(null);
  const motion = useRef<Motion | null>(null);
  const clock = useRef(0);
  const reducedMotion = usePrefersReducedMotion();
  const [idle, setIdle] = useState(false);
  const [visible, setVisible] = useState(false);
  // Assumed until measured: a server-rendered scroller is reachable with the keyboard before the page's code runs.
  const [overflowing, setOverflowing] = useState(true);
  const [held, setHeld] = useState(false);
  const [dragging, setDragging] = useState(false);
  // How many times the animations were built (0: none now): each new set starts from the clock.
  const [builds, setBuilds] = useState(0);
  const built = builds > 0;

  useEffect(() => whenIdle(() => setIdle(true)), []);

  useEffect(() => {
    const node = viewport.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setVisible(entries.some((e) => e.isIntersecting)));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  /** Puts every slide where the shared clock `t` (ms on the ring) says. */
  const setClock = (t: number) => {
    const m = motion.current;
    if (!m) return;
    clock.current = wrap(t, m.ring.duration);
    m.animations.forEach((a, i) => (a.currentTime = wrap(m.ring.slides[i].phase + clock.current, m.ring.duration)));
  };
  /** The shared clock as the running animations have moved it. */
  const readClock = (): number => {
    const m = motion.current;
    const t = m?.animations[0]?.currentTime;
    return m && typeof t === 'number' ? wrap(t - m.ring.slides[0].phase, m.ring.duration) : clock.current;
  };

  // Measures the row (does it overflow?) and, once idle and allowed to move, builds one paused
  // animation per slide; again when the viewport's width changes.
  const animate = idle && !reducedMotion;
  useEffect(() => {
    const node = viewport.current;
    const rowNode = row.current;
    if (!node || !rowNode) return;
    const teardown = () => {
      motion.current?.animations.forEach((a) => a.cancel());
      motion.current = null;
    };
    if (!animate) {
      // Before the page is calm (or never, with reduced motion) the row is a plain scroller: one
      // read, in the next frame (when the browser lays the page out anyway), says whether it
      // overflows; the slides are measured only to build the animations.
      teardown();
      const frame = requestAnimationFrame(() => {
        setBuilds(0);
        setOverflowing(rowNode.scrollWidth > node.clientWidth);
      });
      return () => cancelAnimationFrame(frame);
    }
    const build = () => {
      teardown();
      const { items, boxes, width } = measure(rowNode);
      const overflow = needsMotion(boxes, width, node.clientWidth);
      setOverflowing(overflow);
      if (!overflow || typeof rowNode.animate !== 'function') return setBuilds(0);
      node.scrollLeft = 0;
      const ring = ringOf(boxes, width, node.clientWidth, speed, direction);
      const animations = items.map((el, i) => {
        const { from, to } = ring.slides[i];
        const animation = el.animate([{ transform: `translateX(${from}px)` }, { transform: `translateX(${to}px)` }], {
          duration: ring.duration,
          iterations: Infinity,
          easing: 'linear',
        });
        animation.pause();
        return animation;
      });
      motion.current = { ring, boxes, animations };
      setClock(clock.current);
      setBuilds((n) => n + 1);
    };
    build();
    let width = node.clientWidth;
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => node.clientWidth !== width && ((width = node.clientWidth), build()));
    observer?.observe(node);
    return () => {
      observer?.disconnect();
      teardown();
    };
  }, [animate, direction, speed, slideKeys]);

  const moving = built && visible && playing && !dragging && !(pauseOnInteraction && held);
  useEffect(() => {
    const m = motion.current;
    if (!m) return;
    if (moving) {
      // From the shared clock (the animations may have been cancelled meanwhile, as a screenshot does).
      setClock(readClock());
      m.animations.forEach((a) => a.play());
    } else {
      const t = readClock();
      m.animations.forEach((a) => a.pause());
      setClock(t);
    }
  }, [moving, builds]);

  // Dragging moves the shared clock; a drag is not a click on what it started on.
  const drag = useRef<{ x: number; clock: number; moved: boolean; id: number } | null>(null);
  const onPointerDown = (event: PointerEvent) => {
    if (motion.current && event.button === 0) drag.current = { x: event.clientX, clock: readClock(), moved: false, id: event.pointerId };
  };
  const onPointerMove = (event: PointerEvent) => {
    const d = drag.current;
    if (!d || d.id !== event.pointerId) return;
    const dx = event.clientX - d.x;
    if (!d.moved && Math.abs(dx) < DRAG_THRESHOLD) return;
    if (!d.moved) {
      d.moved = true;
      setDragging(true);
      viewport.current?.setPointerCapture?.(event.pointerId);
      motion.current?.animations.forEach((a) => a.pause());
    }
    setClock(d.clock + clockShift(dx, speed, direction));
  };
  const endDrag = (event: PointerEvent) => {
    const d = drag.current;
    if (!d || d.id !== event.pointerId) return;
    drag.current = null;
    if (!d.moved) return;
    const node = viewport.current;
    const swallow = (e: Event) => {
      e.stopPropagation();
      e.preventDefault();
    };
    node?.addEventListener('click', swallow, { capture: true, once: true });
    setTimeout(() => node?.removeEventListener('click', swallow, { capture: true }), 0);
    setDragging(false);
  };

  // The viewport clips (the browser cannot scroll it to a focused slide): a slide reached with the
  // keyboard is brought to the left edge.
  const onFocus = (event: FocusEvent) => {
    if (pauseOnInteraction) setHeld(true);
    const m = motion.current;
    const target = event.target as HTMLElement;
    if (!m || !row.current || !target.matches(':focus-visible')) return;
    const index = [...row.current.children].findIndex((slide) => slide.contains(target));
    if (index >= 0) setClock(clockFor(m.ring, index, FOCUS_X, m.boxes[index], speed, direction));
  };

  const Row = slideLabel ? 'div' : 'ul';
  const Slide = slideLabel ? 'div' : 'li';
  return (
    <div
      className={`pp-carousel${built ? '' : ' pp-carousel--static'}`}
      role="region"
      aria-roledescription={t('carousel.role')}
      aria-label={label}
      data-testid={rest['data-testid']}
      data-direction={direction}
      data-moving={moving}
      onPointerEnter={(e) => pauseOnInteraction && e.pointerType === 'mouse' && setHeld(true)}
      onPointerLeave={(e) => pauseOnInteraction && e.pointerType === 'mouse' && setHeld(false)}
      onFocus={onFocus}
      onBlur={(e) => pauseOnInteraction && !e.currentTarget.contains(e.relatedTarget as Node | null) && setHeld(false)}
    >
      <div
        className="pp-carousel__viewport"
        ref={viewport}
        // A plain scroller whose slides hold nothing focusable is reached with the keyboard itself.
        tabIndex={!built && overflowing && slideLabel ? 0 : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <Row className="pp-carousel__list" ref={row}>
          {slides.map((slide, i) => (
            <Slide
              key={(slide as { key?: string | null }).key ?? i}
              className="pp-carousel__item"
              {...(slideLabel
                ? { role: 'group', 'aria-roledescription': t('carousel.slide'), 'aria-label': slideLabel(i, slides.length) }
                : {})}
            >
              {slide}
            </Slide>
          ))}
        </Row>
      </div>
    </div>
  );
}

/** The page's pause button of its carousels (moving content must be stoppable). */
export function CarouselPause({ playing, onToggle }: { playing: boolean; onToggle: () => void }) {
  const { t } = useTranslation('common');
  return (
    <button
      type="button"
      className="pp-button pp-button--secondary pp-carousel-pause"
      aria-pressed={!playing}
      onClick={onToggle}
      data-testid="carousel-pause"
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        {playing ? <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" /> : <path d="M8 5l11 7-11 7z" fill="currentColor" />}
      </svg>
      {playing ? t('carousel.pause') : t('carousel.play')}
    </button>
  );
}
