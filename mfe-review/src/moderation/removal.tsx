// What removing a review and removing a teacher's reply have in common: the reason, chosen from
// the contract's list, and the words `other` requires.
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { MODERATION_TEXT_MAX } from '@pupitre/contracts';
import { KNOWN_REASONS, REJECT_REASONS, type RejectReason } from './api';

export const isRejectReason = (value: unknown): value is RejectReason => (REJECT_REASONS as readonly unknown[]).includes(value);

/** The translated name of a reason key (unknown keys as they are). */
export function useReasonName() {
  const { t } = useTranslation('review');
  return (reason: string | null | undefined) =>
    reason ? ((KNOWN_REASONS as readonly string[]).includes(reason) ? t(`moderation.reasons.${reason}`) : reason) : '';
}

/**
 * A removal as the form holds it, checked: the reason and the words to send, or what stops it (a
 * message key): no reason chosen, or `other` without words of one's own.
 */
export function checkRemoval(
  reason: RejectReason | '',
  text: string,
): { reason: RejectReason; text: string | undefined } | { problem: 'moderation.reasonRequired' | 'moderation.textRequired' } {
  if (!reason) return { problem: 'moderation.reasonRequired' };
  if (reason === 'other' && !text.trim()) return { problem: 'moderation.textRequired' };
  return { reason, text: text.trim() || undefined };
}

/** The labelled words a moderator adds to a decision (MODERATION_TEXT_MAX). */
export function DecisionText({
  id,
  label,
  value,
  onChange,
  rows,
  testId,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  rows: number;
  testId: string;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className="pp-input"
        rows={rows}
        maxLength={MODERATION_TEXT_MAX}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
    </>
  );
}

/** The labelled list of the reasons a moderator removes something for. */
export function ReasonSelect({
  id,
  value,
  onChange,
  invalid,
  selectRef,
  testId,
  keyShortcut,
}: {
  id: string;
  value: RejectReason | '';
  onChange: (reason: RejectReason | '') => void;
  invalid: boolean;
  selectRef?: Ref<HTMLSelectElement>;
  testId: string;
  keyShortcut?: string;
}) {
  const { t } = useTranslation('review');
  return (
    <>
      <label htmlFor={id}>{t('moderation.reason')}</label>
      <select
        id={id}
        ref={selectRef}
        className="pp-input"
        value={value}
        onChange={(e) => onChange(isRejectReason(e.target.value) ? e.target.value : '')}
        data-testid={testId}
        aria-keyshortcuts={keyShortcut}
        aria-invalid={invalid || undefined}
      >
        <option value="">{t('moderation.chooseReason')}</option>
        {REJECT_REASONS.map((key) => (
          <option key={key} value={key}>
            {t(`moderation.reasons.${key}`)}
          </option>
        ))}
      </select>
    </>
  );
}
