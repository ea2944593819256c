// @vitest-environment jsdom
/**
 * The detail page's stage cards read the shared stage states (src/shared/stages.ts): beside a completed informed
 * observation the uninformed one reads "Ready to start" (not "Not started … starts when the informed observation
 * is completed"), and a meeting dated weeks ago that still reads Scheduled carries an Overdue badge.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Observation, PostObservation } from '../../../src/shared/contract/observations.js';
import { ObservationDetail } from '../../../src/client/features/observations/observation-detail.js';
import { meeting, OBS_ID, scheduling } from './fixtures.js';
import { renderRouted } from './render-routed.js';

afterEach(cleanup);

const weeksAgo = new Date(Date.now() - 21 * 86_400_000).toISOString();

function post(over: Partial<PostObservation> = {}): PostObservation {
  return { id: 'p-1', status: 'Scheduled', location: 'Room P-204', scheduledOn: weeksAgo, timeSlotsByObserver: [], timeSlotByFaculty: null, artifacts: [], reflectionPlan: null, observationsId: OBS_ID, ...over };
}

function withMeetings(m: Partial<Observation['meetings']>): Observation {
  const base = scheduling({ status: 'Completed', scheduledOn: weeksAgo });
  return { ...base, meetings: { informedObservation: null, uninformedObservation: null, postObservation: null, ...m } };
}

const card = (name: string) => screen.getByRole('region', { name });

describe('observation detail stage cards', () => {
  it('says the uninformed observation is ready to start once the informed one is completed', async () => {
    renderRouted(() => <ObservationDetail obs={withMeetings({ informedObservation: meeting('m-1', { status: 'Completed' }) })} side="observer" />);
    const uninformed = await screen.findByRole('region', { name: 'Uninformed Observation' });
    expect(within(uninformed).getByText('Ready to start')).toBeTruthy();
    expect(within(uninformed).queryByText('Not started')).toBeNull();
    expect(within(uninformed).queryByText('Starts when the informed observation is completed.')).toBeNull();
    expect(within(card('Informed Observation')).getByText('Completed')).toBeTruthy();
    expect(within(card('Post Observation Meeting Scheduling')).getByText('Not started')).toBeTruthy();
  });

  it('flags a past meeting still Scheduled as overdue, and an informed observation whose class was weeks ago', async () => {
    renderRouted(() => (
      <ObservationDetail
        obs={withMeetings({ informedObservation: meeting('m-1', { status: 'Completed' }), uninformedObservation: meeting('m-2', { status: 'Completed' }), postObservation: post() })}
        side="observer"
      />
    ));
    const meetingCard = await screen.findByRole('region', { name: 'Post Observation Meeting Scheduling' });
    expect(within(meetingCard).getByText('Overdue')).toBeTruthy();
    expect(within(meetingCard).getByText('Scheduled')).toBeTruthy();
    expect(within(card('Informed Observation')).queryByText('Overdue')).toBeNull(); // completed: never overdue
    cleanup();
    renderRouted(() => <ObservationDetail obs={withMeetings({ informedObservation: meeting('m-1', { status: 'Ongoing' }) })} side="observer" />);
    expect(within(await screen.findByRole('region', { name: 'Informed Observation' })).getByText('Overdue')).toBeTruthy();
  });

  it('keeps a meeting dated tomorrow on time', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    renderRouted(() => (
      <ObservationDetail
        obs={withMeetings({ informedObservation: meeting('m-1', { status: 'Completed' }), uninformedObservation: meeting('m-2', { status: 'Completed' }), postObservation: post({ scheduledOn: tomorrow }) })}
        side="observer"
      />
    ));
    const meetingCard = await screen.findByRole('region', { name: 'Post Observation Meeting Scheduling' });
    expect(within(meetingCard).queryByText('Overdue')).toBeNull();
  });
});
