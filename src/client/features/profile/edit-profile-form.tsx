/**
 * /settings/edit-profile (SPEC §2). Read-only identity fields; the editable ones go through the outbox
 * (`user.updateProfile`), so an update made offline is kept and sent later — the header's pending badge shows it.
 * Only changed fields are sent (a year-only degree date the date input cannot show is never wiped); what the user
 * typed is kept as a draft until the change is applied or queued.
 */
import { useState, type FormEvent } from 'react';
import { Box, Button, Card, Group, SimpleGrid, TextInput } from '@mantine/core';
import { degreeDatesError, type User } from '../../../shared/contract/users.js';
import { display } from '../../../shared/enums.js';
import { MSG } from '../../../shared/messages.js';
import { toast } from '../../components/toast.js';
import { submitWithToast } from '../../components/submit-result.js';
import { DraftNote } from '../../components/draft-note.js';
import { useDraft } from '../../hooks/use-draft.js';
import { toDateInput } from './format-date.js';

type Editable = 'phone' | 'dateOfBirth' | 'designation' | 'institute' | 'degree' | 'starting' | 'ending';
type Values = Record<Editable, string>;

function initial(user: User): Values {
  return {
    phone: user.phone ?? '',
    dateOfBirth: toDateInput(user.dateOfBirth),
    designation: user.designation ?? '',
    institute: user.institute ?? '',
    degree: user.degree ?? '',
    starting: toDateInput(user.starting),
    ending: toDateInput(user.ending),
  };
}

export function EditProfileForm({ user }: { user: User }) {
  // Initialised once (or from the draft): a pull landing while the user types must not overwrite the form.
  const draft = useDraft<Values>('profile', user.id, () => initial(user));
  const values = draft.values;
  const [saved, setSaved] = useState<Values>(() => initial(user));
  const [busy, setBusy] = useState(false);
  const changedKeys = (Object.keys(values) as Editable[]).filter((k) => values[k] !== saved[k]);
  const changed = changedKeys.length > 0;
  // Year-only degree dates ("2009") cannot show in a date input: unless the user changes them, the stored
  // value counts (and is never sent, so it is never wiped).
  const effective = (k: 'starting' | 'ending') => (values[k] !== saved[k] ? values[k] : (user[k] ?? ''));
  const degreeError = degreeDatesError(effective('starting'), effective('ending'));

  const field = (key: Editable) => ({
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const v = e.currentTarget.value;
      draft.setValues((s) => ({ ...s, [key]: v }));
    },
  });
  const yearOnly = (k: 'starting' | 'ending') => (user[k] && !toDateInput(user[k]) && values[k] === saved[k] ? `Stored: ${user[k]}` : undefined);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (degreeError) return void toast.error(degreeError);
    setBusy(true);
    try {
      // Only the changed fields are sent; empty ones as "" and stored as null (SPEC §7: empty sent as null).
      const changes = Object.fromEntries(changedKeys.map((k) => [k, values[k]]));
      const ok = await submitWithToast('user.updateProfile', { userId: user.id, changes }, { success: MSG.profileUpdated });
      if (ok) {
        setSaved(values);
        draft.clear();
      }
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} aria-label="Edit profile">
      {draft.restored ? (
        <Box mb="md">
          <DraftNote onDiscard={() => { draft.reset(saved); draft.clear(); }} />
        </Box>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Full Name" value={user.name} readOnly variant="filled" />
        <TextInput label="Email" value={user.email} readOnly variant="filled" />
        <TextInput label="Campus" value={display(user.campus)} readOnly variant="filled" />
        {user.role !== 'Super_Admin' ? (
          <TextInput label="Department" value={user.department?.name ?? ''} readOnly variant="filled" />
        ) : null}
        <TextInput label="Role" value={display(user.role)} readOnly variant="filled" />
        <TextInput label="Phone" type="tel" autoComplete="tel" maxLength={200} {...field('phone')} />
        <TextInput label="Date of Birth" type="date" {...field('dateOfBirth')} />
        <TextInput label="Designation" maxLength={200} {...field('designation')} />
        <TextInput label="Institute" maxLength={200} {...field('institute')} />
        <TextInput label="Degree" maxLength={200} {...field('degree')} />
        <TextInput label="Degree Starting" type="date" description={yearOnly('starting')} {...field('starting')} />
        <TextInput label="Degree Ending" type="date" description={yearOnly('ending')} error={degreeError ?? undefined} {...field('ending')} />
      </SimpleGrid>
      <Group justify="flex-end" mt="lg">
        <Button type="submit" loading={busy} disabled={!changed || degreeError !== null}>
          Update
        </Button>
      </Group>
    </Card>
  );
}
