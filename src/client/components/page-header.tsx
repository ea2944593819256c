/**
 * The page title bar every signed-in page starts with (SPEC §2): title, welcome line, breadcrumb
 * (home link, then the parent label, then the page).
 *
 *   <PageHeader title="Edit Profile" parent="Profile" />
 */
import type { ReactNode } from 'react';
import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../hooks/use-session.js';
import { HomeIcon } from './icons.js';

export interface PageHeaderProps {
  title: string;
  /** The breadcrumb's middle label (e.g. 'Observations', 'Academic Plan'); omitted for top-level pages. */
  parent?: string;
  /** Buttons shown on the right (e.g. 'Create User'). */
  actions?: ReactNode;
}

export function PageHeader({ title, parent, actions }: PageHeaderProps) {
  const user = useCurrentUser();
  return (
    <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap">
      <Stack gap={4}>
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          Welcome{user ? `, ${user.name}` : ''}!
        </Text>
        <Breadcrumbs separator="/" aria-label="Breadcrumb" fz="sm">
          <Anchor component={Link} to="/" aria-label="Home" size="sm" style={{ display: 'inline-flex' }}>
            <HomeIcon size={16} />
          </Anchor>
          {parent ? (
            <Text size="sm" c="dimmed">
              {parent}
            </Text>
          ) : null}
          <Text size="sm" aria-current="page">
            {title}
          </Text>
        </Breadcrumbs>
      </Stack>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  );
}
