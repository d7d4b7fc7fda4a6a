// The motion of a looping carousel as pure arithmetic. The slides stay in their row (the layout
// gives each its place `left` and `width`); each one moves on a ring of length `length` by its own
// transform animation, so that a slide leaving one edge comes back at the other unseen, with no
// copy of any slide. All slides share one clock `t` (ms): moving the clock moves the row.

export interface SlideBox {
  left: number;
  width: number;
}

export interface RingSlide {
  /** translateX (px) at the start and end of one turn. */
  from: number;
  to: number;
  /** Where on its turn (ms) the slide is when the shared clock reads 0: at its place in the row. */
  phase: number;
}

export interface Ring {
  /** One turn, in ms. */
  duration: number;
  slides: RingSlide[];
}

/** Whether the row needs to move at all: it does not when every slide fits in the viewport. */
export function needsMotion(slides: readonly SlideBox[], rowWidth: number, viewport: number): boolean {
  return slides.length > 1 && rowWidth > viewport + 1;
}

/**
 * The ring of `slides` in a row `rowWidth` wide (gaps included) seen through `viewport` px, at
 * `speed` px/s. Forward moves the row left, backward right. The ring is at least as long as the
 * viewport plus the widest slide, so that a slide jumps only while it is out of sight.
 */
export function ringOf(
  slides: readonly SlideBox[],
  rowWidth: number,
  viewport: number,
  speed: number,
  direction: 'forward' | 'backward',
): Ring {
  const widest = Math.max(0, ...slides.map((s) => s.width));
  const length = Math.max(rowWidth, viewport + widest);
  const perMs = speed / 1000;
  return {
    duration: length / perMs,
    slides: slides.map(({ left, width }) =>
      direction === 'forward'
        ? // x goes from length - width down to -width: at x = left after (length - width - left) px
          { from: length - width - left, to: -width - left, phase: (length - width - left) / perMs }
        : // x goes from -width up to length - width: at x = left after (left + width) px
          { from: -width - left, to: length - width - left, phase: (left + width) / perMs },
    ),
  };
}

/** `value` modulo `m`, always in [0, m). */
export function wrap(value: number, m: number): number {
  return ((value % m) + m) % m;
}

/** The change of the shared clock (ms) that moves the row by `dx` px (positive: to the right). */
export function clockShift(dx: number, speed: number, direction: 'forward' | 'backward'): number {
  const ms = (Math.abs(dx) / speed) * 1000;
  const towardMotion = direction === 'forward' ? dx < 0 : dx > 0;
  return towardMotion ? ms : -ms;
}

/** The clock at which slide `i` stands at `x` px from the viewport's left edge. */
export function clockFor(ring: Ring, i: number, x: number, slide: SlideBox, speed: number, direction: 'forward' | 'backward'): number {
  const perMs = speed / 1000;
  const offset = ring.duration * perMs;
  const local = direction === 'forward' ? (offset - slide.width - x) / perMs : (x + slide.width) / perMs;
  return wrap(local - ring.slides[i].phase, ring.duration);
}
