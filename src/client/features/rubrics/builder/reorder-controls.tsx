/**
 * Moving a group or an item: "Move up" / "Move down" buttons (keyboard and screen readers, named after what they
 * move), and a drag handle for a mouse (native drag and drop; the buttons stay for touch and keyboard).
 */
import type { DragEvent, ReactNode } from 'react';
import { ActionIcon, Group, Tooltip } from '@mantine/core';

export interface ReorderProps {
  /** What is moved, for the buttons' names ("group A Planning"). */
  what: string;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
}

export function MoveButtons({ what, index, count, onMove }: ReorderProps) {
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Move up">
        <ActionIcon variant="default" size={44} aria-label={`Move up ${what}`} disabled={index === 0} onClick={() => onMove(index, index - 1)}>
          <span aria-hidden="true">↑</span>
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Move down">
        <ActionIcon variant="default" size={44} aria-label={`Move down ${what}`} disabled={index === count - 1} onClick={() => onMove(index, index + 1)}>
          <span aria-hidden="true">↓</span>
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/**
 * Drag and drop within one list (`list` names it so an item is never dropped among groups): the dragged index is
 * carried in the drag data; dropping on another entry moves it there.
 */
export function dragProps(list: string, index: number, onMove: (from: number, to: number) => void) {
  const type = `application/x-rubric-${list}`;
  return {
    draggable: true,
    onDragStart: (e: DragEvent) => {
      e.stopPropagation();
      e.dataTransfer.setData(type, String(index));
      e.dataTransfer.effectAllowed = 'move';
    },
    onDragOver: (e: DragEvent) => {
      if (e.dataTransfer.types.includes(type)) {
        e.preventDefault();
        e.stopPropagation();
      }
    },
    onDrop: (e: DragEvent) => {
      const from = e.dataTransfer.getData(type);
      if (from === '') return;
      e.preventDefault();
      e.stopPropagation();
      onMove(Number(from), index);
    },
  };
}

export function DragHandle({ children }: { children?: ReactNode }) {
  return (
    <span aria-hidden="true" style={{ cursor: 'grab', userSelect: 'none', padding: '0 4px', color: 'var(--mantine-color-dimmed)' }} title="Drag to move">
      ⠿{children}
    </span>
  );
}
