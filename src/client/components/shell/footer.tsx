import { Text } from '@mantine/core';

/** SPEC §2 footer. */
export function ShellFooter() {
  return (
    <Text size="xs" c="dimmed" ta="center">
      Copyright © 2023 Observa. Developed by university students.
    </Text>
  );
}
