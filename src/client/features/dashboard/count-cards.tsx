/** The count widgets of the dashboard (SPEC §6), one card per count. */
import { memo } from 'react';
import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { CountCard } from './compute-counts.js';

/** Memoised: the dashboard re-renders on every live-query answer; rows that answer as before (useReplicaQuery, stableFields) render nothing. */
export const CountCards = memo(CountCardsView);

function CountCardsView({ cards }: { cards: CountCard[] | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mb="lg" component="ul" style={{ listStyle: 'none', padding: 0 }} aria-label="Counts">
      {cards
        ? cards.map((c) => (
            <Card key={c.key} withBorder padding="md" component="li" aria-label={`${c.label}: ${c.value}`}>
              <Text size="sm" c="dimmed">
                {c.label}
              </Text>
              <Text fz={28} fw={700} data-testid={`count-${c.key}`}>
                {c.value}
              </Text>
            </Card>
          ))
        : [0, 1, 2, 3].map((i) => (
            <li key={i} aria-hidden>
              <Skeleton h={84} />
            </li>
          ))}
    </SimpleGrid>
  );
}
