/**
 * The tablet sidebar: the role menu as a 72 px icon rail, so a 1024 px or 768 px screen keeps
 * its width for the rubric. Each entry is a 44 px button named by its label (aria-label + tooltip); a group opens
 * a menu of its links. Same entries and highlighting as the full sidebar (menuFor / activeMenuLink).
 */
import { ActionIcon, Menu, Stack, Tooltip } from '@mantine/core';
import { Link, useRouterState, type LinkProps } from '@tanstack/react-router';
import { activeMenuLink, menuFor, type MenuGroup } from '../../../shared/permissions.js';
import { useCurrentUser } from '../../hooks/use-session.js';
import { menuIcon } from './menu-icons.js';

type AnyTo = LinkProps['to'];
/** Highlighting is activeMenuLink's alone (see sidebar-menu.tsx): the router's own prefix match is switched off. */
const EXACT = { exact: true } as const;

function RailGroup({ group, activeTo }: { group: MenuGroup; activeTo: string | undefined }) {
  const active = (group.children ?? []).some((c) => c.to === activeTo);
  return (
    <Menu position="right-start" withinPortal shadow="md">
      <Menu.Target>
        <Tooltip label={group.label} position="right" withArrow>
          <ActionIcon size={44} variant={active ? 'light' : 'subtle'} color={active ? 'blue' : 'gray'} aria-label={group.label}>
            {menuIcon(group.label)}
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{group.label}</Menu.Label>
        {(group.children ?? []).map((c) => (
          <Menu.Item key={c.to + c.label} component={Link} to={c.to as AnyTo} activeOptions={EXACT} aria-current={c.to === activeTo ? 'page' : undefined} fw={c.to === activeTo ? 600 : undefined}>
            {c.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function SidebarRail() {
  const user = useCurrentUser();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (!user) return null;
  const activeTo = activeMenuLink(user.role, pathname);
  return (
    <nav aria-label="Main menu">
      <Stack gap={6} align="center" py="xs">
        {menuFor(user.role).map((group) =>
          group.children ? (
            <RailGroup key={group.label} group={group} activeTo={activeTo} />
          ) : (
            <Tooltip key={group.label} label={group.label} position="right" withArrow>
              <ActionIcon
                component={Link}
                to={(group.to ?? '/') as AnyTo}
                activeOptions={EXACT}
                size={44}
                variant={group.to === activeTo ? 'light' : 'subtle'}
                color={group.to === activeTo ? 'blue' : 'gray'}
                aria-label={group.label}
                aria-current={group.to === activeTo ? 'page' : undefined}
              >
                {menuIcon(group.label)}
              </ActionIcon>
            </Tooltip>
          ),
        )}
      </Stack>
    </nav>
  );
}
