/**
 * Login screen (SPEC §2, §5): one Login tab, university placeholder, loader while the request runs. With single
 * sign-on set up (GET /api/auth/methods) it offers the provider's button first; with password sign-in switched off
 * the password form stays reachable for the break-glass administrator only, behind a link.
 */
import { useState } from 'react';
import { Alert, Anchor, Box, Button, Card, Center, Divider, Stack, Tabs, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../../../shared/constants.js';
import { SSO_START_URL } from '../../api/sso.js';
import { LoginForm } from '../../components/auth/login-form.js';
import { useSignInMethods, useSsoReturn } from './sso.js';

export function LoginPage() {
  const navigate = useNavigate();
  const signedIn = () => void navigate({ to: '/' });
  const methods = useSignInMethods();
  const sso = useSsoReturn(signedIn);
  const [breakGlass, setBreakGlass] = useState(false);
  const showPassword = methods.passwordSignIn || breakGlass;
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
            <Stack>
              {sso.message ? (
                <Alert color={sso.message.kind === 'error' ? 'red' : 'blue'} role={sso.message.kind === 'error' ? 'alert' : 'status'}>
                  {sso.message.text}
                </Alert>
              ) : null}
              {methods.sso ? (
                <Button component="a" href={SSO_START_URL} fullWidth variant={methods.passwordSignIn ? 'light' : 'filled'} loading={sso.busy}>
                  {methods.sso.label}
                </Button>
              ) : null}
              {methods.sso && showPassword ? <Divider label="or with a password" labelPosition="center" /> : null}
              {showPassword ? (
                <Box>
                  <LoginForm onSignedIn={signedIn} />
                </Box>
              ) : (
                <Anchor component="button" type="button" size="sm" c="dimmed" onClick={() => setBreakGlass(true)}>
                  Administrator sign-in with a password
                </Anchor>
              )}
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Center>
  );
}
