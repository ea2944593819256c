/** /settings/profile (SPEC §2): header with avatar, name, email, role; links to edit and reset; details. */
import { Avatar, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { User } from '../../../shared/contract/users.js';
import { display } from '../../../shared/enums.js';
import defaultAvatar from '../../assets/default-avatar.svg';
import { AvatarUpload } from './avatar-upload.js';
import { CalendarFeedCard } from './calendar-feed-card.js';
import { DataExportCard } from './data-export-card.js';
import { formatDate } from './format-date.js';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value && value.trim() !== '' ? value : '—'}</Text>
    </div>
  );
}

export function ProfileView({ user }: { user: User }) {
  return (
    <Stack>
      <Card withBorder padding="lg">
        <Group justify="space-between" wrap="wrap">
          <Group>
            <Avatar src={user.avatar || defaultAvatar} alt={`${user.name}'s avatar`} size={80} radius="xl" />
            <div>
              <Title order={2} size="h4">
                {user.name}
              </Title>
              <Text size="sm" c="dimmed">
                {user.email}
              </Text>
              <Text size="sm">{display(user.role)}</Text>
            </div>
          </Group>
          <Group gap="xs">
            <AvatarUpload userId={user.id} />
            <Button component={Link} to="/settings/edit-profile">
              Edit Profile
            </Button>
            <Button component={Link} to="/settings/reset-password" variant="default">
              Reset Password
            </Button>
          </Group>
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="lg">
          <Title order={3} size="h5" mb="sm">
            Personal Details
          </Title>
          <Stack gap="xs">
            <Field label="Full Name" value={user.name} />
            <Field label="Email" value={user.email} />
            <Field label="Phone" value={user.phone} />
            <Field label="Date of Birth" value={formatDate(user.dateOfBirth)} />
            <Field label="Designation" value={user.designation} />
            <Field label="Campus" value={display(user.campus)} />
            {user.role !== 'Super_Admin' ? <Field label="Department" value={user.department?.name} /> : null}
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Title order={3} size="h5" mb="sm">
            Education Details
          </Title>
          <Stack gap="xs">
            <Field label="Institute" value={user.institute} />
            <Field label="Degree" value={user.degree} />
            <Field label="Degree Starting" value={formatDate(user.starting)} />
            <Field label="Degree Ending" value={formatDate(user.ending)} />
          </Stack>
        </Card>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <CalendarFeedCard />
        <DataExportCard userId={user.id} />
      </SimpleGrid>
    </Stack>
  );
}
