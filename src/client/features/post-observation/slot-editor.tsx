/**
 * The observer's meeting slots: a date-time input with a plus control adds one (only when a value is present),
 * clicking a slot removes it. Stored as UTC ISO strings with seconds and milliseconds (SPEC §5).
 */
import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { localToIso, longDateTime } from './format.js';

export interface EditableSlot {
  id: string;
  dateTime: string;
}

export function SlotEditor({ slots, onChange, disabled }: { slots: EditableSlot[]; onChange: (s: EditableSlot[]) => void; disabled?: boolean }) {
  const [value, setValue] = useState('');
  const add = () => {
    const iso = localToIso(value);
    if (!iso) return;
    if (!slots.some((s) => s.dateTime === iso)) onChange([...slots, { id: crypto.randomUUID(), dateTime: iso }].sort((a, b) => a.dateTime.localeCompare(b.dateTime)));
    setValue('');
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs">
        <TextInput type="datetime-local" label="Meeting date and time" value={value} onChange={(e) => setValue(e.currentTarget.value)} disabled={disabled} />
        <ActionIcon size="lg" onClick={add} disabled={disabled || !value} aria-label="Add slot" variant="filled">
          <span aria-hidden="true" style={{ fontSize: 20, lineHeight: 1 }}>+</span>
        </ActionIcon>
      </Group>
      {slots.length === 0 ? <Text size="sm" c="dimmed">No slots yet.</Text> : null}
      <Group gap="xs">
        {slots.map((s) => (
          <Button key={s.id} size="xs" variant="light" onClick={() => onChange(slots.filter((x) => x.id !== s.id))} disabled={disabled} aria-label={`Remove slot ${longDateTime(s.dateTime)}`} title="Click to remove">
            {longDateTime(s.dateTime)} ✕
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
