import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeacherSearchResult } from '@pupitre/contracts';
import { request } from '@pupitre/api-client';
import { Button, Score, useTypedBeforeTakeover } from '@pupitre/ui';
import { teacherName } from './format';
import styles from './review-ui.module.css';

/** Search rules (spec, sections 5 and 9): sent from 2 characters, 500 ms after the last keystroke. */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_DEBOUNCE_MS = 500;

/** True when `text` is worth sending: at least 2 characters once trimmed, and not digits only. */
export function isSearchable(text: string): boolean {
  const query = text.trim();
  return query.length >= SEARCH_MIN_CHARS && !/^[0-9\s]+$/.test(query);
}

type SearchState = { status: 'idle' } | { status: 'searching' } | { status: 'done'; results: TeacherSearchResult[] } | { status: 'error' };

export interface TeacherSearchProps {
  onSelect: (teacher: TeacherSearchResult) => void;
  /** The chosen teacher: the input shows it, locked, with a clear button (the review form). */
  selected?: { prefix: string; name: string } | null;
  onClear?: () => void;
  label?: string;
  /** The input's id (default `teacher-search`): from props, never useId, so server HTML hydrates (issue #39). */
  id?: string;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * The teacher search box: results list prefix, name and rating. With `selected`, the input locks
 * and a clear button resets the choice.
 */
export function TeacherSearch({ onSelect, selected = null, onClear, label, id, invalid, describedBy }: TeacherSearchProps) {
  const { t } = useTranslation('review-ui');
  const inputId = id ?? 'teacher-search';
  const statusId = `${inputId}-status`;
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const locked = selected !== null;
  // What was typed into the server-rendered box before its code arrived is kept (issue #39).
  useTypedBeforeTakeover(inputRef, locked ? teacherName(selected) : text, setText);
  const query = text.trim();
  const searchable = !locked && isSearchable(query);

  useEffect(() => {
    if (!searchable) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ status: 'searching' });
      void request<TeacherSearchResult[]>('GET', `/api/teachers?query=${encodeURIComponent(query)}`, {
        auth: false,
        react: false,
        signal: controller.signal,
      }).then((outcome) => {
        if (controller.signal.aborted) return;
        setState(outcome.kind === 'ok' && Array.isArray(outcome.data) ? { status: 'done', results: outcome.data } : { status: 'error' });
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, searchable]);

  const shown: SearchState = searchable ? state : { status: 'idle' };
  let status = '';
  if (!locked) {
    if (!searchable) status = query.length > 0 ? t('search.hint') : '';
    else if (shown.status === 'searching') status = t('search.searching');
    else if (shown.status === 'done')
      status = shown.results.length ? t('search.results', { count: shown.results.length }) : t('search.none');
  }

  return (
    <div className={styles.search} data-testid="teacher-search" data-state={shown.status}>
      <label htmlFor={inputId} className={styles.searchLabel}>
        {label ?? t('search.label')}
      </label>
      <div className={styles.searchRow}>
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          className="pp-input"
          autoComplete="off"
          placeholder={t('search.placeholder')}
          value={locked ? teacherName(selected) : text}
          readOnly={locked}
          aria-readonly={locked || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={[statusId, describedBy].filter(Boolean).join(' ')}
          data-testid="teacher-search-input"
          onChange={(e) => {
            setText(e.target.value);
            setState({ status: 'idle' });
          }}
        />
        {locked && onClear ? (
          <Button
            variant="secondary"
            onClick={() => {
              setText('');
              setState({ status: 'idle' });
              onClear();
            }}
            data-testid="teacher-clear"
          >
            {t('search.clear')}
          </Button>
        ) : null}
      </div>
      <p id={statusId} className={styles.searchStatus} role="status" aria-live="polite">
        {status}
      </p>
      {shown.status === 'error' ? (
        <p className="pp-error" role="alert">
          {t('search.error')}
        </p>
      ) : null}
      {shown.status === 'done' && shown.results.length > 0 ? (
        <ul className={styles.results} aria-label={t('search.resultsLabel')} data-testid="teacher-results">
          {shown.results.map((teacher) => (
            <li key={teacher.id}>
              <button
                type="button"
                className={styles.result}
                onClick={() => {
                  setText('');
                  setState({ status: 'idle' });
                  onSelect(teacher);
                }}
              >
                <span className={styles.resultName}>{teacherName(teacher)}</span>
                <Score value={teacher.rating} size="sm" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
