/**
 * One rubric item's score: a radio group (SegmentedControl) of the five levels. Arrow keys move between levels;
 * each target is at least 44 px high for touch on a tablet.
 */
import { SegmentedControl, Text } from '@mantine/core';
import { RUBRIC_LEVELS } from '../../../shared/enums.js';

const DATA = RUBRIC_LEVELS.map((label, i) => ({ value: String(i), label: `${i} ${label}` }));

export interface ScoreControlProps {
  itemTitle: string;
  value: number | undefined;
  onChange: (score: number) => void;
  readOnly: boolean;
}

export function ScoreControl({ itemTitle, value, onChange, readOnly }: ScoreControlProps) {
  return (
    <div>
      <Text size="sm" mb={4}>{itemTitle}</Text>
      <SegmentedControl
        aria-label={itemTitle}
        data={DATA}
        value={value === undefined ? '' : String(value)}
        onChange={(v) => onChange(Number(v))}
        readOnly={readOnly}
        fullWidth
        size="sm"
        styles={{ label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center', whiteSpace: 'normal', lineHeight: 1.2 } }}
      />
    </div>
  );
}
