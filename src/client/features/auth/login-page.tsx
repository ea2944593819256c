/** Login screen (SPEC §2, §5): one Login tab, university placeholder, loader while the request runs. */
import { Box, Card, Center, Stack, Tabs, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../../../shared/constants.js';
import { LoginForm } from '../../components/auth/login-form.js';

export function LoginPage() {
  const navigate = useNavigate();
  return (
    <Center mih="100dvh" p="md" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Card withBorder shadow="sm" padding="xl" w="100%" maw={440} component="main">
        <Stack gap="xs" mb="md">
          <Title order={1} size="h2">
            {PRODUCT_NAME}
          </Title>
          <Text c="dimmed" size="sm">
            Teaching observations for the scholarship of teaching and learning: a tool for observing, evaluating and
            improving teaching practices.
          </Text>
        </Stack>
        <Tabs defaultValue="login">
          <Tabs.List>
            <Tabs.Tab value="login">Login</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="login" pt="md">
            <Box>
              <LoginForm onSignedIn={() => void navigate({ to: '/' })} />
            </Box>
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Center>
  );
}
