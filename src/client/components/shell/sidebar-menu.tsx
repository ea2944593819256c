/** The role menu of SPEC §2 (from `menuFor` in src/shared/permissions.ts) with the active link highlighted. */
import { useState } from 'react';
import { NavLink } from '@mantine/core';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { Role } from '../../../shared/enums.js';
import { menuFor, type MenuGroup } from '../../../shared/permissions.js';

/** Menu targets include routes added by other areas; the router resolves them at run time. */
type AnyTo = LinkProps['to'];

export interface SidebarMenuProps {
  role: Role;
  pathname: string;
  /** Called after a link is chosen (closes the mobile sidebar). */
  onNavigate?: () => void;
}

function isActive(pathname: string, to: string): boolean {
  return pathname === to || (to !== '/' && pathname === `${to}/`);
}

function groupActive(pathname: string, group: MenuGroup): boolean {
  return (group.to !== undefined && isActive(pathname, group.to)) || (group.children ?? []).some((c) => isActive(pathname, c.to));
}

/** A collapsible group; open at first when it holds the active page. `aria-expanded` tells screen readers its state. */
function MenuGroupLink({ group, pathname, onNavigate }: { group: MenuGroup; pathname: string; onNavigate?: () => void }) {
  const active = groupActive(pathname, group);
  const [opened, setOpened] = useState(active);
  return (
    <NavLink
      label={group.label}
      component="button"
      type="button"
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      active={active}
      variant="subtle"
      childrenOffset="md"
    >
      {(group.children ?? []).map((child) => (
        <NavLink
          key={child.to + child.label}
          component={Link}
          to={child.to as AnyTo}
          label={child.label}
          active={isActive(pathname, child.to)}
          aria-current={isActive(pathname, child.to) ? 'page' : undefined}
          onClick={onNavigate}
        />
      ))}
    </NavLink>
  );
}

export function SidebarMenu({ role, pathname, onNavigate }: SidebarMenuProps) {
  return (
    <nav aria-label="Main menu">
      {menuFor(role).map((group) =>
        group.children ? (
          <MenuGroupLink key={group.label} group={group} pathname={pathname} onNavigate={onNavigate} />
        ) : (
          <NavLink
            key={group.label}
            component={Link}
            to={(group.to ?? '/') as AnyTo}
            label={group.label}
            active={isActive(pathname, group.to ?? '/')}
            aria-current={isActive(pathname, group.to ?? '/') ? 'page' : undefined}
            onClick={onNavigate}
          />
        ),
      )}
    </nav>
  );
}
