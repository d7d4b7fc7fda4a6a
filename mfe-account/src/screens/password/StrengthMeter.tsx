import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../account.module.css';
import { loadStrengthCheck, type StrengthCheck } from './strength';

/**
 * The estimated strength of `password`, once `enabled` (the field was focused or typed in: only
 * then are the dictionaries fetched). Null while they load, or without a password.
 */
export function usePasswordStrength(password: string, enabled: boolean, userInputs: string[] = []): number | null {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language ?? 'fr';
  const [check, setCheck] = useState<StrengthCheck | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    loadStrengthCheck(lang).then(
      (loaded) => live && setCheck(() => loaded),
      () => undefined, // no meter offline: the service's rules still decide
    );
    return () => {
      live = false;
    };
  }, [enabled, lang]);
  const inputs = userInputs.join('\n');
  return useMemo(() => (check && password ? check(password, inputs ? inputs.split('\n') : []) : null), [check, password, inputs]);
}

/** A meter (0 to 4) and its words ("Strength: fair"), read by screen readers as they change. */
export function StrengthMeter({ score }: { score: number | null }) {
  const { t } = useTranslation('account');
  const labelId = useId();
  if (score === null) return null;
  const words = t('password.strength.label', { level: t(`password.strength.level${score}`) });
  return (
    <div className={styles.strength} data-testid="password-strength" data-score={score}>
      <meter min={0} max={4} low={2} high={3} optimum={4} value={score} aria-labelledby={labelId} />
      <span id={labelId} aria-live="polite">
        {words}
      </span>
    </div>
  );
}
