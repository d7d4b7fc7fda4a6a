import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n, setLanguage } from '@pupitre/i18n';
import { clockFor, clockShift, needsMotion, ringOf, wrap } from './carousel-ring';
import { Carousel, Face, FaceScale, faceOf, MfeRoot, Score, Stars, starValue } from './index';
import { starPaths } from './Stars';

initI18n('en');
beforeEach(() => act(() => setLanguage('en')));

describe('the one star component', () => {
  test('a rating 0–10 as five stars in halves, named out of 10', () => {
    expect([0, 1, 7, 8.6, 10, 11, -2].map(starValue)).toEqual([0, 0.5, 3.5, 4.5, 5, 5, 0]);
    const { container } = render(<Stars rating={7} />);
    expect(screen.getByRole('img', { name: '7 out of 10' })).toHaveAttribute('data-value', '3.5');
    // three full stars and a drawn half (not a glyph) over the fourth's outline, one empty: two
    // paths in all, whatever the value
    const subpaths = (selector: string) => (container.querySelector(selector)?.getAttribute('d') ?? '').split('M').length - 1;
    expect(container.querySelectorAll('path')).toHaveLength(2);
    expect(subpaths('path.pp-star--on')).toBe(4);
    expect(subpaths('path:not(.pp-star--on)')).toBe(2);
  });

  test('each star in its own 24-unit cell, the half on the left of the fourth', () => {
    const { on, off } = starPaths(3.5);
    expect(on.startsWith('M12 2.5L14.94 8.46')).toBe(true); // first star, cell 0
    expect(on).toContain('M84 2.5L84 17.5'); // the half: the fourth star's axis (12 + 72)
    expect(off).toContain('M108 2.5L110.94 8.46'); // the fifth, empty (12 + 96)
    expect(starPaths(5).off).toBe('');
    expect(starPaths(0).on).toBe('');
  });

  test('decorative beside a number that already says it', () => {
    render(<Stars rating={7} decorative />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByTestId('stars')).toHaveAttribute('aria-hidden', 'true');
  });
});

test("a score reads out of 10 with the language's decimal mark, stars and the review count", async () => {
  const { rerender } = render(<Score value={8} count={12} data-testid="score" />);
  expect(screen.getByTestId('score')).toHaveTextContent('8.0/10 out of 10');
  expect(screen.getByTestId('score')).toHaveTextContent('12 reviews');
  await act(() => setLanguage('fr'));
  rerender(<Score value={8.6} count={1} data-testid="score" />);
  expect(screen.getByTestId('score')).toHaveTextContent('8,6/10 sur 10');
  expect(screen.getByTestId('score')).toHaveTextContent('1 avis');
  rerender(<Score value={null} data-testid="score" />);
  expect(screen.getByTestId('score')).toHaveTextContent('Pas encore noté');
});

describe('the one face scale', () => {
  test('a grade or an average stands for the nearest face', () => {
    expect([0, 1, 2.9, 3, 5, 8.6, 10].map(faceOf)).toEqual([0, 1, 1, 2, 3, 4, 5]);
  });

  test('every face differs in colour and in shape', () => {
    const { container } = render(
      <>
        {[0, 1, 2, 3, 4, 5].map((level) => (
          <Face key={level} level={level as 0} />
        ))}
      </>,
    );
    const faces = [...container.querySelectorAll('svg')];
    expect(faces.map((f) => f.getAttribute('class'))).toEqual([0, 1, 2, 3, 4, 5].map((l) => `pp-face pp-face--${l}`));
    expect(new Set(faces.map((f) => f.innerHTML)).size).toBe(6);
  });

  test('six radios named by their level, one chosen, arrows move the choice', async () => {
    const onChange = jest.fn();
    render(
      <>
        <span id="crit">Clarity</span>
        <FaceScale name="clarte" value={3} onChange={onChange} labelledBy="crit" />
      </>,
    );
    const group = screen.getByRole('radiogroup', { name: 'Clarity' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual([
      '0 – Very poor',
      '1 – Poor',
      '2 – Fair',
      '3 – Good',
      '4 – Very good',
      '5 – Excellent',
    ]);
    expect(within(group).getByRole('radio', { checked: true })).toHaveAttribute('value', '3');
    await userEvent.setup().click(radios[5]);
    expect(onChange).toHaveBeenCalledWith(5);
  });
});

describe('the carousel ring', () => {
  const slides = [0, 1, 2, 3].map((i) => ({ left: i * 316, width: 316 }));

  test('moves only a row wider than its viewport', () => {
    expect(needsMotion(slides, 1264, 1280)).toBe(false);
    expect(needsMotion(slides, 1264, 375)).toBe(true);
    expect(needsMotion(slides.slice(0, 1), 316, 100)).toBe(false);
  });

  test('each slide starts at its place and crosses the whole ring in one turn', () => {
    const ring = ringOf(slides, 1264, 375, 40, 'forward');
    expect(ring.duration).toBe((1264 / 40) * 1000);
    for (const [i, s] of ring.slides.entries()) {
      // at the start of its turn it stands at the ring's end; at its phase, at its own place (transform 0)
      const x = (t: number) => s.from + ((s.to - s.from) * t) / ring.duration;
      expect(x(s.phase)).toBeCloseTo(0);
      expect(s.from - s.to).toBeCloseTo(1264);
      expect(slides[i].left + s.to + slides[i].width).toBeCloseTo(0); // leaves by the left edge entirely
    }
  });

  test('a short row still loops unseen: the ring is at least the viewport plus the widest slide', () => {
    const ring = ringOf(slides.slice(0, 2), 632, 500, 40, 'backward');
    expect(ring.duration).toBe(((500 + 316) / 40) * 1000);
    const s = ring.slides[0];
    expect(s.to - s.from).toBeCloseTo(816);
  });

  test('dragging and focusing move the shared clock', () => {
    expect(clockShift(-40, 40, 'forward')).toBe(1000);
    expect(clockShift(40, 40, 'forward')).toBe(-1000);
    expect(clockShift(40, 40, 'backward')).toBe(1000);
    const ring = ringOf(slides, 1264, 375, 40, 'forward');
    const t = clockFor(ring, 2, 16, slides[2], 40, 'forward');
    const s = ring.slides[2];
    const local = wrap(s.phase + t, ring.duration);
    expect(slides[2].left + s.from + ((s.to - s.from) * local) / ring.duration).toBeCloseTo(16);
    expect(wrap(-1, 10)).toBe(9);
  });

  test('without animation support it is a plain row of slides, in a labelled region', () => {
    render(
      <Carousel label="Latest reviews" slideLabel={(i, n) => `Review ${i + 1} of ${n}`}>
        <p key="a">One</p>
        <p key="b">Two</p>
      </Carousel>,
    );
    const region = screen.getByRole('region', { name: 'Latest reviews' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    expect(
      within(region)
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-label')),
    ).toEqual(['Review 1 of 2', 'Review 2 of 2']);
  });
});

test("a micro-frontend's root carries its build in an attribute, never on screen", () => {
  render(
    <MfeRoot name="community" version="1.2.3">
      content
    </MfeRoot>,
  );
  expect(screen.getByTestId('mfe-community')).toHaveAttribute('data-mfe-version', '1.2.3');
  expect(screen.getByTestId('mfe-community')).toHaveTextContent(/^content$/);
});
