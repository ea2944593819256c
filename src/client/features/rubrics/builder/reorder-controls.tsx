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

/**
 * After a move the focus stays with what moved: its same button, or the other one when it reached the end (the list
 * re-renders in its new order, which can take the focused button out of the document for a moment).
 */
function refocus(label: string, other: string) {
  setTimeout(() => {
    const find = (l: string) => [...document.querySelectorAll<HTMLButtonElement>('button[aria-label]:not(:disabled)')].find((b) => b.getAttribute('aria-label') === l);
    (find(label) ?? find(other))?.focus();
  }, 0);
}

export function MoveButtons({ what, index, count, onMove }: ReorderProps) {
  const up = `Move up ${what}`;
  const down = `Move down ${what}`;
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Move up">
        <ActionIcon variant="default" size={44} aria-label={up} disabled={index === 0} onClick={() => { onMove(index, index - 1); refocus(up, down); }}>
          <span aria-hidden="true">↑</span>
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Move down">
        <ActionIcon variant="default" size={44} aria-label={down} disabled={index === count - 1} onClick={() => { onMove(index, index + 1); refocus(down, up); }}>
          <span aria-hidden="true">↓</span>
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/**
 * Drag and drop within one list (`list` names it so an item is never dropped among groups): the handle carries the
 * dragged index (only the handle is draggable, so text in the fields stays selectable); dropping on another entry
 * of the list moves it there.
 */
const dragType = (list: string) => `application/x-rubric-${list}`;

export function dropProps(list: string, index: number, onMove: (from: number, to: number) => void) {
  const type = dragType(list);
  return {
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

/** The mouse's handle: hidden from assistive tech, whose users move with the buttons. */
export function DragHandle({ list, index, children }: { list: string; index: number; children?: ReactNode }) {
  return (
    <span
      aria-hidden="true"
      draggable
      onDragStart={(e) => {
        e.stopPropagation();
        e.dataTransfer.setData(dragType(list), String(index));
        e.dataTransfer.effectAllowed = 'move';
      }}
      style={{ cursor: 'grab', userSelect: 'none', padding: '8px 4px', color: 'var(--mantine-color-dimmed)' }}
      title="Drag to move"
    >
      ⠿{children}
    </span>
  );
}
