/**
 * /courses/list-courses (SPEC §2): every course the replica holds (the server already limits it to what the
 * user may see), with a per-row button that shows the course's slot table. Departments the user belongs to are
 * highlighted. 'No Courses!' when empty. A user who may change a course's slots (`mayEditCourseSlots`) gets the
 * slot editor instead of the read-only table.
 */
import { Fragment, useState } from 'react';
import { Badge, Button, Card, Center, Group, Loader, Table, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Course } from '../../../shared/contract/courses.js';
import { display, type Role } from '../../../shared/enums.js';
import { mayEditCourseSlots } from '../../../shared/permissions.js';
import { MSG } from '../../../shared/messages.js';
import { getDb } from '../../sync/index.js';
import { CourseSlotsEditor } from './course-slots-editor.js';
import { CourseSlotsTable } from './course-slots-table.js';

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

export function CourseList({ ownDepartments, role }: { ownDepartments: number[]; role?: Role }) {
  const courses = useLiveQuery(
    async () => ((await getDb().courses.toArray()) as unknown as Course[]).sort((a, b) => a.courseCode.localeCompare(b.courseCode)),
    [],
  );
  const [open, setOpen] = useState<string | null>(null);
  if (!courses) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading courses" />
      </Center>
    );
  }
  if (courses.length === 0) {
    return (
      <Card withBorder padding="lg">
        <Text c="dimmed" ta="center">
          {MSG.noCourses}
        </Text>
      </Card>
    );
  }
  return (
    <Card withBorder padding="lg">
      <Table.ScrollContainer className="cards-on-phone" minWidth={900}>
        <Table highlightOnHover aria-label="Courses">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Course Code</Table.Th>
              <Table.Th>Course Name</Table.Th>
              <Table.Th>Credits</Table.Th>
              <Table.Th>Departments</Table.Th>
              <Table.Th>Campus</Table.Th>
              <Table.Th>Elective</Table.Th>
              <Table.Th>Depth Elective</Table.Th>
              <Table.Th>Slots</Table.Th>
              <Table.Th>Slot Table</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {courses.map((c) => {
              const isOpen = open === c.id;
              return (
                <Fragment key={c.id}>
                  <Table.Tr>
                    <Table.Td data-label="Course Code" fw={600}>{c.courseCode}</Table.Td>
                    <Table.Td data-label="Course Name">{c.name}</Table.Td>
                    <Table.Td data-label="Credits">{c.credits}</Table.Td>
                    <Table.Td data-label="Departments">
                      <Group gap={4}>
                        {c.department.map((d) => {
                          const own = ownDepartments.includes(d.id);
                          return (
                            <Badge key={d.id} variant={own ? 'filled' : 'light'} color={own ? 'blue' : 'gray'} title={own ? 'Your department' : undefined}>
                              {d.name}
                            </Badge>
                          );
                        })}
                      </Group>
                    </Table.Td>
                    <Table.Td data-label="Campus">{display(c.campus)}</Table.Td>
                    <Table.Td data-label="Elective">{yesNo(c.isElective)}</Table.Td>
                    <Table.Td data-label="Depth Elective">{yesNo(c.isDepthElective)}</Table.Td>
                    <Table.Td data-label="Slots">{c.slots.length}</Table.Td>
                    <Table.Td data-label="Slot Table">
                      <Button
                        size="xs"
                        variant="light"
                        aria-expanded={isOpen}
                        aria-controls={`slots-${c.id}`}
                        aria-label={`${isOpen ? 'Hide' : 'Show'} slots of ${c.courseCode}`}
                        onClick={() => setOpen(isOpen ? null : c.id)}
                      >
                        {isOpen ? 'Hide Slots' : 'Show Slots'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                  {isOpen ? (
                    <Table.Tr id={`slots-${c.id}`}>
                      <Table.Td colSpan={9} bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
                        {role && mayEditCourseSlots({ role, departmentId: ownDepartments[0] ?? null }, c.departments) ? (
                          <CourseSlotsEditor course={c} />
                        ) : (
                          <CourseSlotsTable slots={c.slots} label={`Slots of ${c.courseCode}`} />
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
