/**
 * Who must act next on an observation, on the screens of the cycle: "Your turn: Confirm the class date" for the
 * person who acts, "Waiting for Fatima Rahman to confirm the class date" for everyone else (src/shared/next-steps.ts).
 * `stages` keeps the banner to the actions of the screen it is on.
 */
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { localDay } from '../../shared/class-dates.js';
import type { Observation } from '../../shared/contract/observations.js';
import { actionText, cycleActions, isViewersAction, stepLine } from '../../shared/next-steps.js';

export function NextAction({ obs, viewerId, stages, links = false }: { obs: Observation; viewerId: string; stages?: readonly string[]; links?: boolean }) {
  const today = localDay(new Date());
  const actions = cycleActions(obs, today).filter((a) => !stages || stages.includes(a.stage));
  if (actions.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="next-action">
      {actions.map((a) => {
        const mine = isViewersAction(a, obs, viewerId);
        const text = actionText(a, mine);
        const line = stepLine(a, today);
        return (
          // A note, not an alert: it is the page's standing state, announced with the page rather than interrupting.
          <Alert key={a.kind} color={a.overdue ? 'red' : mine ? 'blue' : 'gray'} role="note" py="xs">
            <Text fw={600} size="sm">{mine ? `Your turn: ${text}` : text}</Text>
            {a.overdue ? 'Overdue · ' : ''}
            {line}
            {links && mine ? (
              <>
                {' · '}
                <Anchor component={Link} to={a.route} params={{ id: obs.id } as never} size="sm">
                  Go to {a.stage}
                </Anchor>
              </>
            ) : null}
          </Alert>
        );
      })}
    </Stack>
  );
}
