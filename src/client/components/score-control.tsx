/**
 * One rubric item's score: one native radio per level of the version's scale (one name), so arrow keys move between
 * levels and screen readers announce "2 Developing, radio, 3 of 5". Each tile is at least 48 px high for touch on a
 * tablet; labels stay at 14 px and on a phone the tiles stack as rows (score-control.css). A level's descriptor is
 * read out with its radio and shown under the tiles for the chosen level; the item's guidance sits under its title.
 */
import { useId, type CSSProperties } from 'react';
import { Text } from '@mantine/core';
import { SPEC_SCALE, type ScaleLevel } from '../../shared/rubric-definition.js';
import './score-control.css';

export interface ScoreControlProps {
  itemTitle: string;
  value: number | undefined;
  onChange: (score: number) => void;
  readOnly: boolean;
  /** Shown under the tiles, with the group outlined, when a Save found this item without a score. */
  error?: string;
  /** The version's levels (SPEC: 0–4). */
  scale?: readonly ScaleLevel[];
  guidance?: string | null;
  /** Text per level value. */
  descriptors?: Readonly<Record<string, string>>;
}

export function ScoreControl({ itemTitle, value, onChange, readOnly, error, scale = SPEC_SCALE, guidance, descriptors }: ScoreControlProps) {
  const name = useId();
  const titleId = `${name}-title`;
  const errorId = `${name}-error`;
  const guidanceId = `${name}-guidance`;
  const descriptorId = (v: number) => `${name}-d-${v}`;
  const chosen = value === undefined ? undefined : descriptors?.[String(value)];
  const describedBy = [guidance ? guidanceId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="score-control" style={{ '--score-levels': scale.length } as CSSProperties}>
      <Text size="sm" mb={guidance ? 0 : 4} id={titleId}>{itemTitle}</Text>
      {guidance ? <Text size="sm" c="dimmed" mb={4} id={guidanceId}>{guidance}</Text> : null}
      <div
        role="radiogroup"
        aria-labelledby={titleId}
        aria-readonly={readOnly || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-invalid={error ? 'true' : undefined}
        data-levels={scale.length}
        className="score-group"
      >
        {scale.map(({ value: score, label }) => (
          <label key={score} className="score-tile" data-checked={value === score} data-readonly={readOnly}>
            <input
              type="radio"
              name={name}
              value={score}
              checked={value === score}
              // Read-only keeps the radios focusable (the score is still read out) but ignores changes.
              onChange={() => !readOnly && onChange(score)}
              aria-label={`${score} ${label}`}
              aria-describedby={descriptors?.[String(score)] ? descriptorId(score) : undefined}
            />
            <span className="score-n" aria-hidden="true">{score}</span>
            <span className="score-l" aria-hidden="true">{label}</span>
            {descriptors?.[String(score)] ? <span id={descriptorId(score)} hidden>{descriptors[String(score)]}</span> : null}
          </label>
        ))}
      </div>
      {chosen ? <Text size="sm" c="dimmed" mt={4} data-testid="level-descriptor">{chosen}</Text> : null}
      {error ? <Text id={errorId} size="xs" c="var(--mantine-color-error)" mt={2}>{error}</Text> : null}
    </div>
  );
}
