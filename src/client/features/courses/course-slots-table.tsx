/**
 * The slots of one course (SPEC §2): Section Code, Day and Time, Location, Faculty or 'Not Assigned', and an
 * Actions column when `actions` is given (slot editing).
 */
import type { ReactNode } from 'react';
import { Table, Text } from '@mantine/core';
import type { CourseSlot } from '../../../shared/contract/courses.js';
import { MSG } from '../../../shared/messages.js';

export function CourseSlotsTable({ slots, label, actions }: { slots: CourseSlot[]; label: string; actions?: (slot: CourseSlot) => ReactNode }) {
  if (slots.length === 0) return <Text c="dimmed">{MSG.noCourseSlots}</Text>;
  return (
    <Table withTableBorder aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Section Code</Table.Th>
          <Table.Th>Day and Time</Table.Th>
          <Table.Th>Location</Table.Th>
          <Table.Th>Faculty</Table.Th>
          {actions ? <Table.Th>Actions</Table.Th> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {slots.map((s) => (
          <Table.Tr key={s.id}>
            <Table.Td>{s.sectionCode}</Table.Td>
            <Table.Td>
              {s.day} {s.time}
            </Table.Td>
            <Table.Td>{s.location}</Table.Td>
            <Table.Td>{s.faculty ?? (s.facultyId ? '—' : <Text span c="dimmed" size="sm">Not Assigned</Text>)}</Table.Td>
            {actions ? <Table.Td>{actions(s)}</Table.Td> : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
