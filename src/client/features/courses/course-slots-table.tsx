/** The slots of one course (SPEC §2): Section Code, Day and Time, Location, Faculty or 'Not Assigned'. */
import { Table, Text } from '@mantine/core';
import type { CourseSlot } from '../../../shared/contract/courses.js';
import { MSG } from '../../../shared/messages.js';

export function CourseSlotsTable({ slots, label }: { slots: CourseSlot[]; label: string }) {
  if (slots.length === 0) return <Text c="dimmed">{MSG.noCourseSlots}</Text>;
  return (
    <Table withTableBorder aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Section Code</Table.Th>
          <Table.Th>Day and Time</Table.Th>
          <Table.Th>Location</Table.Th>
          <Table.Th>Faculty</Table.Th>
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
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
