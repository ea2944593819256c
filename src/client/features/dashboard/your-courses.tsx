/** Faculty's 'Your Courses' table (SPEC §2): the course slots assigned to them; one card per slot on a phone. */
import { memo } from 'react';
import { Card, Table, Text, Title } from '@mantine/core';
import { MSG } from '../../../shared/messages.js';

export interface FacultySlot {
  id: string;
  courseCode: string;
  courseName: string;
  sectionCode: string;
  day: string;
  time: string;
  location: string;
}

/** Memoised: the dashboard re-renders on every live-query answer; rows that answer as before (useReplicaQuery, stableFields) render nothing. */
export const YourCourses = memo(YourCoursesView);

function YourCoursesView({ slots }: { slots: FacultySlot[] }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="your-courses-title">
      <Title order={2} size="h4" id="your-courses-title" mb="sm">
        Your Courses
      </Title>
      {slots.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {MSG.noCourseSlots}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520} className="cards-on-phone">
          <Table striped aria-labelledby="your-courses-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Course Code</Table.Th>
                <Table.Th>Course Name</Table.Th>
                <Table.Th>Section</Table.Th>
                <Table.Th>Day and Time</Table.Th>
                <Table.Th>Location</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {slots.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td data-label="Course Code">{s.courseCode}</Table.Td>
                  <Table.Td data-label="Course Name">{s.courseName}</Table.Td>
                  <Table.Td data-label="Section">{s.sectionCode}</Table.Td>
                  <Table.Td data-label="Day and Time">
                    {s.day} {s.time}
                  </Table.Td>
                  <Table.Td data-label="Location">{s.location}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
