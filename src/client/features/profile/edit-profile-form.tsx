/**
 * /settings/edit-profile (SPEC §2). Read-only identity fields; the editable ones go through the outbox
 * (`user.updateProfile`), so an update made offline is kept and sent later — the header's pending badge shows it.
 */
import { useState, type FormEvent } from 'react';
import { Button, Card, Group, SimpleGrid, TextInput } from '@mantine/core';
import type { User } from '../../../shared/contract/users.js';
import { display } from '../../../shared/enums.js';
import { MSG } from '../../../shared/messages.js';
import { toast } from '../../components/toast.js';
import { mutate } from '../../sync/index.js';
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
  // Initialised once: a pull landing while the user types must not overwrite the form.
  const [values, setValues] = useState<Values>(() => initial(user));
  const [saved, setSaved] = useState<Values>(() => initial(user));
  const [busy, setBusy] = useState(false);
  const changed = (Object.keys(values) as Editable[]).some((k) => values[k] !== saved[k]);

  const field = (key: Editable) => ({
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const v = e.currentTarget.value;
      setValues((s) => ({ ...s, [key]: v }));
    },
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      // Empty fields are sent as "" and stored as null (SPEC §7: empty sent as null).
      await mutate('user.updateProfile', { userId: user.id, changes: { ...values } });
      setSaved(values);
      toast.success(MSG.profileUpdated);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} aria-label="Edit profile">
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
        <TextInput label="Degree Starting" type="date" {...field('starting')} />
        <TextInput label="Degree Ending" type="date" {...field('ending')} />
      </SimpleGrid>
      <Group justify="flex-end" mt="lg">
        <Button type="submit" loading={busy} disabled={!changed}>
          Update
        </Button>
      </Group>
    </Card>
  );
}
