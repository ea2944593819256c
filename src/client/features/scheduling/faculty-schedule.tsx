/** Show Faculty Schedule (SPEC §2): the faculty member's course slots. */
import { useState } from 'react';
import { Button, Modal, Table, Text } from '@mantine/core';
import type { UserSlot } from '../../../shared/contract/users.js';
import { MSG } from '../../../shared/messages.js';

export function FacultyScheduleButton({ slots, facultyName }: { slots: UserSlot[]; facultyName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>Show Faculty Schedule</Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`${facultyName} — schedule`} size="lg">
        {slots.length === 0 ? (
          <Text c="dimmed">{MSG.noCourseSlots}</Text>
        ) : (
          <Table aria-label="Faculty schedule" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Course</Table.Th>
                <Table.Th>Section</Table.Th>
                <Table.Th>Day</Table.Th>
                <Table.Th>Time</Table.Th>
                <Table.Th>Location</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {slots.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{s.course ? `${s.course.courseCode} ${s.course.name}` : '—'}</Table.Td>
                  <Table.Td>{s.sectionCode}</Table.Td>
                  <Table.Td>{s.day}</Table.Td>
                  <Table.Td>{s.time}</Table.Td>
                  <Table.Td>{s.location}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Modal>
    </>
  );
}
