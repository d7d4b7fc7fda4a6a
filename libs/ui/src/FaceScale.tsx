import { useTranslation } from 'react-i18next';

/** The six levels of a criterion: a face 0–5, sent as a grade 0–10 (face × 2). */
export const FACE_LEVELS = [0, 1, 2, 3, 4, 5] as const;
export type FaceLevel = (typeof FACE_LEVELS)[number];

/** A grade 0–10 (or an average) as the face that stands for it: 0–5, rounded. */
export function faceOf(grade: number): FaceLevel {
  return Math.max(0, Math.min(5, Math.round(grade / 2))) as FaceLevel;
}

// Each face differs by shape as well as by colour: brows and a deep frown (0), a frown (1), a flat
// mouth (2), a small smile (3), a smile (4), a laugh with closed, happy eyes (5).
const MOUTHS: Record<FaceLevel, string> = {
  0: 'M7.5 17.2Q12 12.6 16.5 17.2',
  1: 'M8 16.6Q12 13.6 16 16.6',
  2: 'M8.2 15.4L15.8 15.4',
  3: 'M8.2 14.6Q12 17 15.8 14.6',
  4: 'M7.6 14Q12 18.6 16.4 14',
  5: '',
};

/** A face of the ramp, drawn (no emoji font needed); decorative: its level is said in text beside it. */
export function Face({ level, size = 28 }: { level: FaceLevel; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false" className={`pp-face pp-face--${level}`}>
      <circle className="pp-face__skin" cx="12" cy="12" r="10.3" />
      {level === 5 ? (
        <>
          <path className="pp-face__ink" d="M7 10.2Q8.6 8.4 10.2 10.2M13.8 10.2Q15.4 8.4 17 10.2" />
          <path className="pp-face__mouth-fill" d="M7.2 13.2H16.8Q16.4 18.6 12 18.6Q7.6 18.6 7.2 13.2Z" />
        </>
      ) : (
        <>
          <circle className="pp-face__dot" cx="8.6" cy="9.8" r="1.25" />
          <circle className="pp-face__dot" cx="15.4" cy="9.8" r="1.25" />
          <path className="pp-face__ink" d={MOUTHS[level]} />
        </>
      )}
      {level === 0 ? <path className="pp-face__ink" d="M6.6 6.6L10 7.8M17.4 6.6L14 7.8" /> : null}
    </svg>
  );
}

export interface FaceScaleProps {
  /** Groups the six radios (unique in the page). */
  name: string;
  /** The chosen level, or null when none is chosen yet. */
  value: FaceLevel | null;
  onChange: (level: FaceLevel) => void;
  /** The id of the element that names the scale (the criterion). */
  labelledBy: string;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * The one face scale: six faces on one row (each a tap target of 44 px at least, stretching on
 * wider screens), coloured from the ramp's red (0) to its green (5), with the number under each;
 * radios underneath, so arrows and screen readers work as for any radio group.
 */
export function FaceScale({ name, value, onChange, labelledBy, invalid, describedBy }: FaceScaleProps) {
  const { t } = useTranslation('common');
  return (
    <div
      className="pp-facescale"
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      data-testid="face-scale"
    >
      {FACE_LEVELS.map((level) => (
        <label key={level} className="pp-facescale__option" title={t(`faces.${level}`)}>
          <input
            type="radio"
            name={name}
            value={level}
            checked={value === level}
            onChange={() => onChange(level)}
            aria-label={`${level} – ${t(`faces.${level}`)}`}
          />
          <Face level={level} />
          <span aria-hidden="true">{level}</span>
        </label>
      ))}
    </div>
  );
}
