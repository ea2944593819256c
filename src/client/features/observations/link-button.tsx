/** A Mantine Button that navigates with the router (typed route + params; keyboard and middle-click work). */
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { Link, type LinkProps } from '@tanstack/react-router';

export interface LinkButtonProps extends ButtonProps {
  to: LinkProps['to'];
  params?: Record<string, string>;
  children: ReactNode;
}

export function LinkButton({ to, params, children, ...rest }: LinkButtonProps) {
  return (
    <Button {...rest} renderRoot={(props) => <Link to={to} params={params as never} {...props} />}>
      {children}
    </Button>
  );
}
