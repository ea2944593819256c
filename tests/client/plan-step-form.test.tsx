// @vitest-environment jsdom
/**
 * The plan stepper: Next checks the step's answers and names the missing one, a step is
 * ticked only when complete, and what was typed is a local draft restored on reopen and kept after a refused
 * submit (cleared after an applied or queued one).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithMantine } from './render.js';
import { PlanStepForm } from '../../src/client/features/scheduling/plan-step-form.js';
import type { ObservationPlan } from '../../src/shared/contract/observations.js';
import { MSG } from '../../src/shared/messages.js';

const step = (id: string, code: string, name: string) => ({ id, templatePlanId: null, key: id, code, name, field: `${name} guidance`, response: null });
const plan: ObservationPlan = {
  id: 'plan-1',
  type: 'Teaching',
  editedBy: null,
  editedAt: null,
  steps: [step('s1', 'Teacher Perspective', 'Goals'), step('s2', 'Teacher Perspective', 'Methods'), step('s3', 'Teaching Context', 'Class size')],
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  notifications.clean();
});

const stepButton = (label: string) => screen.getByText(label).closest('button') as HTMLElement;

describe('plan stepper', () => {
  it('Next names the missing answer and stays; a step is ticked only when complete', async () => {
    renderWithMantine(<PlanStepForm plan={plan} title="Plan" onSubmit={async () => true} />);
    fireEvent.change(screen.getByLabelText(/^Goals/), { target: { value: 'Clear goals' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MSG.stepIncomplete('Methods'))).toBeTruthy();
    expect(screen.getByLabelText(/^Methods/)).toBeTruthy(); // still on step 1
    expect(stepButton('Teacher Perspective').getAttribute('data-complete')).toBe('false');
    // Jumping ahead by the step header is checked the same way.
    fireEvent.click(stepButton('Teaching Context'));
    expect(screen.getByLabelText(/^Methods/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Methods/), { target: { value: 'Group work' } });
    expect(stepButton('Teacher Perspective').getAttribute('data-complete')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText(/^Class size/)).toBeTruthy();
    expect(stepButton('Teacher Perspective').textContent).not.toContain('1'); // a tick, not its number
    expect(stepButton('Teaching Context').getAttribute('data-complete')).toBe('false');
  });

  it('keeps a draft across reopening and after a refused submit; clears it once accepted', async () => {
    const first = renderWithMantine(<PlanStepForm plan={plan} title="Plan" draftKey={{ form: 'teachingPlan', entityId: 'obs-1' }} onSubmit={async () => true} />);
    fireEvent.change(screen.getByLabelText(/^Goals/), { target: { value: 'Draft goals' } });
    fireEvent.change(screen.getByLabelText(/^Methods/), { target: { value: 'Draft methods' } });
    first.unmount();

    let answer = false; // the server refuses the first submit
    const sent: unknown[] = [];
    const onSubmit = async (a: unknown) => {
      sent.push(a);
      return answer;
    };
    const second = renderWithMantine(<PlanStepForm plan={plan} title="Plan" draftKey={{ form: 'teachingPlan', entityId: 'obs-1' }} onSubmit={onSubmit} />);
    expect(screen.getByText(MSG.draftRestored)).toBeTruthy();
    expect((screen.getByLabelText(/^Goals/) as HTMLTextAreaElement).value).toBe('Draft goals');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.change(await screen.findByLabelText(/^Class size/), { target: { value: '30 students' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    second.unmount();

    renderWithMantine(<PlanStepForm plan={plan} title="Plan" draftKey={{ form: 'teachingPlan', entityId: 'obs-1' }} onSubmit={onSubmit} />);
    expect((screen.getByLabelText(/^Goals/) as HTMLTextAreaElement).value).toBe('Draft goals'); // kept after the refusal
    answer = true;
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual([
      { id: 's1', response: 'Draft goals' },
      { id: 's2', response: 'Draft methods' },
      { id: 's3', response: '30 students' },
    ]);
    await waitFor(() => expect(localStorage.length).toBe(0));
  });
});
