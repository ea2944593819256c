/**
 * Changes the server refused (DESIGN § Failures): each shows what it was, the server's message and the data
 * that was typed, with Retry, Copy (JSON to the clipboard) and Discard. Discard asks once more: the typed data
 * is gone afterwards. A change being retried stays listed as "Retrying…" with Retry and Discard off (it is in
 * flight) until the server answers.
 */
import { useState } from 'react';
import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { mutationDef } from '../../../shared/sync/mutations/index.js';
import type { OutboxRow } from '../../db/db.js';
import { describeArgs } from './format.js';

export interface NeedsAttentionListProps {
  rows: readonly OutboxRow[];
  /** Rows sent again and not yet answered. */
  retrying?: ReadonlySet<string>;
  onRetry: (mutationId: string) => void;
  onDiscard: (mutationId: string) => void;
  onCopy: (text: string) => void;
}

function title(row: OutboxRow): string {
  try {
    return mutationDef(row.name)?.describe(row.args) ?? row.name;
  } catch {
    return row.name;
  }
}

function Item({ row, busy, onRetry, onDiscard, onCopy }: { row: OutboxRow; busy: boolean } & Omit<NeedsAttentionListProps, 'rows' | 'retrying'>) {
  const [confirming, setConfirming] = useState(false);
  const fields = describeArgs(row.args);
  return (
    <Box role="group" aria-label={`Refused change: ${title(row)}`}>
      <Alert color="orange" title={title(row)}>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Server said: {row.lastError ?? 'refused'}
            {row.lastStatus ? ` (${row.lastStatus})` : ''}
          </Text>
          {busy && (
            <Text size="sm" role="status">
              Retrying… waiting for the server's answer.
            </Text>
          )}
          <Text size="xs" c="dimmed">
            What you entered:
          </Text>
          <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '2px 12px' }}>
            {fields.map(([k, v]) => (
              <Box key={k} style={{ display: 'contents' }}>
                <Text component="dt" size="xs" c="dimmed">
                  {k}
                </Text>
                <Text component="dd" size="xs" m={0} style={{ wordBreak: 'break-word' }}>
                  {v}
                </Text>
              </Box>
            ))}
          </Box>
          <Group gap="xs">
            <Button size="xs" disabled={busy} onClick={() => onRetry(row.mutationId)}>
              Retry
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => onCopy(JSON.stringify({ change: row.name, data: row.args }, null, 2))}
            >
              Copy
            </Button>
            {confirming && !busy ? (
              <>
                <Button size="xs" color="red" onClick={() => onDiscard(row.mutationId)}>
                  Confirm discard
                </Button>
                <Button size="xs" variant="subtle" onClick={() => setConfirming(false)}>
                  Keep
                </Button>
              </>
            ) : (
              <Button size="xs" color="red" variant="light" disabled={busy} onClick={() => setConfirming(true)}>
                Discard
              </Button>
            )}
          </Group>
        </Stack>
      </Alert>
    </Box>
  );
}

export function NeedsAttentionList({ rows, retrying, ...handlers }: NeedsAttentionListProps) {
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No refused changes.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {rows.map((row) => (
        <Item key={row.mutationId} row={row} busy={retrying?.has(row.mutationId) ?? false} {...handlers} />
      ))}
    </Stack>
  );
}
