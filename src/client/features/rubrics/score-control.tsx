/**
 * One rubric item's score: five native radio inputs (one name), so arrow keys move between levels and screen
 * readers announce "2 Developing, radio, 3 of 5". Each tile is at least 48 px high for touch on a tablet; labels
 * stay at 14 px and on a phone the tiles stack as rows (score-control.css).
 */
import { useId } from 'react';
import { Text } from '@mantine/core';
import { RUBRIC_LEVELS } from '../../../shared/enums.js';
import './score-control.css';

export interface ScoreControlProps {
  itemTitle: string;
  value: number | undefined;
  onChange: (score: number) => void;
  readOnly: boolean;
  /** Shown under the tiles, with the group outlined, when a Save found this item without a score. */
  error?: string;
}

export function ScoreControl({ itemTitle, value, onChange, readOnly, error }: ScoreControlProps) {
  const name = useId();
  const titleId = `${name}-title`;
  const errorId = `${name}-error`;
  return (
    <div className="score-control">
      <Text size="sm" mb={4} id={titleId}>{itemTitle}</Text>
      <div
        role="radiogroup"
        aria-labelledby={titleId}
        aria-readonly={readOnly || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-invalid={error ? 'true' : undefined}
        className="score-group"
      >
        {RUBRIC_LEVELS.map((label, score) => (
          <label key={score} className="score-tile" data-checked={value === score} data-readonly={readOnly}>
            <input
              type="radio"
              name={name}
              value={score}
              checked={value === score}
              // Read-only keeps the radios focusable (the score is still read out) but ignores changes.
              onChange={() => !readOnly && onChange(score)}
              aria-label={`${score} ${label}`}
            />
            <span className="score-n" aria-hidden="true">{score}</span>
            <span className="score-l" aria-hidden="true">{label}</span>
          </label>
        ))}
      </div>
      {error ? <Text id={errorId} size="xs" c="var(--mantine-color-error)" mt={2}>{error}</Text> : null}
    </div>
  );
}
