/** The table of slots saved so far on Create Courses; each row can be removed before creating. */
import { ActionIcon, Table, Text, VisuallyHidden } from '@mantine/core';
import type { DraftSlot } from './slot-entry.js';

export function SavedSlotsTable({ slots, onRemove }: { slots: DraftSlot[]; onRemove: (id: string) => void }) {
  if (slots.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No slots saved yet.
      </Text>
    );
  }
  return (
    <Table striped aria-label="Saved slots">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Section Code</Table.Th>
          <Table.Th>Day</Table.Th>
          <Table.Th>Time</Table.Th>
          <Table.Th>Location</Table.Th>
          <Table.Th>
            <VisuallyHidden>Remove</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {slots.map((s) => (
          <Table.Tr key={s.id}>
            <Table.Td>{s.sectionCode}</Table.Td>
            <Table.Td>{s.day}</Table.Td>
            <Table.Td>{s.time}</Table.Td>
            <Table.Td>{s.location}</Table.Td>
            <Table.Td>
              <ActionIcon variant="subtle" color="red" aria-label={`Remove slot ${s.sectionCode}`} onClick={() => onRemove(s.id)}>
                ×
              </ActionIcon>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
