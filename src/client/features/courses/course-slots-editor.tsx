/**
 * The slots of one course with add / edit / delete, for the roles that may change them
 * (`mayEditCourseSlots`). Delete asks for confirmation and is disabled, with the reason in a tooltip, for a slot
 * assigned to a faculty member (the server refuses it with 409: unassign first) and for the course's last slot.
 * Unassign (assigned slots only, with confirmation) frees a slot; the server refuses it while the faculty member has
 * an open observation of the course.
 * Changes go through the outbox, so they work offline; the server re-checks everything.
 */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import type { Course, CourseSlot } from '../../../shared/contract/courses.js';
import { MSG } from '../../../shared/messages.js';
import { toast } from '../../components/toast.js';
import { submitWithToast } from '../../components/submit-result.js';
import { CourseSlotsTable } from './course-slots-table.js';
import { SlotFormModal } from './slot-form-modal.js';

/** Why a slot cannot be deleted, or null when it can. */
export function deleteBlocker(course: Course, slot: CourseSlot): string | null {
  if (slot.facultyId) return MSG.slotAssignedTo(slot.faculty ?? 'a faculty member');
  if (course.slots.length <= 1) return MSG.lastSlot;
  return null;
}

export function CourseSlotsEditor({ course }: { course: Course }) {
  const [editing, setEditing] = useState<CourseSlot | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CourseSlot | null>(null);
  const [unassigning, setUnassigning] = useState<CourseSlot | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove(slot: CourseSlot) {
    setBusy(true);
    try {
      await submitWithToast('course.deleteSlot', { courseId: course.id, id: slot.id, sectionCode: slot.sectionCode }, { success: MSG.slotDeleted });
      setDeleting(null);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : MSG.somethingWrong);
    } finally {
      setBusy(false);
    }
  }

  async function unassign(slot: CourseSlot) {
    setBusy(true);
    try {
      await submitWithToast('course.unassignSlot', { courseId: course.id, id: slot.id, sectionCode: slot.sectionCode }, { success: MSG.slotUnassigned });
      setUnassigning(null);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : MSG.somethingWrong);
    } finally {
      setBusy(false);
    }
  }

  const actions = (slot: CourseSlot) => {
    const blocker = deleteBlocker(course, slot);
    const name = `slot ${slot.sectionCode} of ${course.courseCode}`;
    return (
      <Group gap="xs" wrap="nowrap">
        <Button size="xs" variant="light" aria-label={`Edit ${name}`} onClick={() => setEditing(slot)}>
          Edit
        </Button>
        {slot.facultyId ? (
          <Button size="xs" variant="light" color="orange" aria-label={`Unassign ${name}`} onClick={() => setUnassigning(slot)}>
            Unassign
          </Button>
        ) : null}
        <Tooltip label={blocker ?? ''} disabled={!blocker} multiline w={260} withArrow>
          {/* data-disabled (not disabled) keeps the button hoverable and focusable, so the tooltip can say why. */}
          <Button
            size="xs"
            variant="light"
            color="red"
            aria-label={`Delete ${name}`}
            data-disabled={blocker ? true : undefined}
            aria-disabled={blocker ? true : undefined}
            onClick={(e) => (blocker ? e.preventDefault() : setDeleting(slot))}
          >
            Delete
          </Button>
        </Tooltip>
      </Group>
    );
  };

  return (
    <Stack gap="xs">
      <CourseSlotsTable slots={course.slots} label={`Slots of ${course.courseCode}`} actions={actions} />
      <Group>
        <Button size="xs" onClick={() => setEditing('new')}>
          Add slot
        </Button>
      </Group>
      {editing ? <SlotFormModal key={editing === 'new' ? 'new' : editing.id} course={course} slot={editing} onClose={() => setEditing(null)} /> : null}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete slot" centered>
        <Text size="sm">
          Delete slot {deleting?.sectionCode} ({deleting?.day} {deleting?.time}, {deleting?.location}) of {course.courseCode}? This action will not be
          reversed!
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={() => deleting && void remove(deleting)}>
            Delete
          </Button>
        </Group>
      </Modal>
      <Modal opened={unassigning !== null} onClose={() => setUnassigning(null)} title="Unassign slot" centered>
        <Text size="sm">
          Unassign {unassigning?.faculty ?? 'the faculty member'} from slot {unassigning?.sectionCode} ({unassigning?.day} {unassigning?.time}) of {course.courseCode}? The
          slot becomes free to assign again.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setUnassigning(null)}>
            Cancel
          </Button>
          <Button color="orange" loading={busy} onClick={() => unassigning && void unassign(unassigning)}>
            Unassign
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
