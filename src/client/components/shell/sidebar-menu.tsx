/** The role menu of SPEC §2 (from `menuFor` in src/shared/permissions.ts) with the current page's link highlighted. */
import { useState } from 'react';
import { NavLink } from '@mantine/core';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { Role } from '../../../shared/enums.js';
import { activeMenuLink, menuFor, type MenuGroup } from '../../../shared/permissions.js';

/** Menu targets include routes added by other areas; the router resolves them at run time. */
type AnyTo = LinkProps['to'];

export interface SidebarMenuProps {
  role: Role;
  pathname: string;
  /** Called after a link is chosen (closes the mobile sidebar). */
  onNavigate?: () => void;
}

function groupActive(active: string | undefined, group: MenuGroup): boolean {
  return active !== undefined && (group.to === active || (group.children ?? []).some((c) => c.to === active));
}

/** A collapsible group; open at first when it holds the active page. `aria-expanded` tells screen readers its state. */
function MenuGroupLink({ group, activeTo, onNavigate }: { group: MenuGroup; activeTo: string | undefined; onNavigate?: () => void }) {
  const active = groupActive(activeTo, group);
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
          activeOptions={EXACT}
          label={child.label}
          active={child.to === activeTo}
          aria-current={child.to === activeTo ? 'page' : undefined}
          onClick={onNavigate}
        />
      ))}
    </NavLink>
  );
}

/**
 * The router marks a link under whose path the page is (/calibration for /calibration/due) as current by itself;
 * exact matching leaves that to activeMenuLink, so only one link is ever marked.
 */
const EXACT = { exact: true } as const;

export function SidebarMenu({ role, pathname, onNavigate }: SidebarMenuProps) {
  // One highlighted link: the current page's, or the entry the page belongs to (an observation's screens → the list).
  const activeTo = activeMenuLink(role, pathname);
  return (
    <nav aria-label="Main menu">
      {menuFor(role).map((group) =>
        group.children ? (
          <MenuGroupLink key={group.label} group={group} activeTo={activeTo} onNavigate={onNavigate} />
        ) : (
          <NavLink
            key={group.label}
            component={Link}
            to={(group.to ?? '/') as AnyTo}
            activeOptions={EXACT}
            label={group.label}
            active={group.to === activeTo}
            aria-current={group.to === activeTo ? 'page' : undefined}
            onClick={onNavigate}
          />
        ),
      )}
    </nav>
  );
}
