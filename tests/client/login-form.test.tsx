// @vitest-environment jsdom
/**
 * The login form against a real (tiny) HTTP server: validation before sending, the button loader while the
 * request runs, the server's {error} as a toast, and the network-failure message.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithMantine } from './render.js';
import { LoginForm } from '../../src/client/components/auth/login-form.js';
import { setApiBase } from '../../src/client/api/http.js';
import { MSG } from '../../src/shared/messages.js';

let server: Server;
let base = '';
const bodies: unknown[] = [];
let release: (() => void) | null = null;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      bodies.push(JSON.parse(raw || 'null'));
      // Hold the answer until the test has looked at the loading state.
      release = () => {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: MSG.invalidCredentials }));
      };
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  cleanup();
  bodies.length = 0;
  release = null;
});

function fill(email: string, password: string) {
  fireEvent.change(screen.getByRole('textbox', { name: /email/i }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/password/i, { selector: 'input' }), { target: { value: password } });
}

describe('login form', () => {
  it('has labelled required fields and the university placeholder', () => {
    renderWithMantine(<LoginForm onSignedIn={() => undefined} />);
    const email = screen.getByRole('textbox', { name: /email/i });
    expect(email.getAttribute('placeholder')).toMatch(/university/i);
    expect(email.hasAttribute('required')).toBe(true);
    expect(screen.getByLabelText(/password/i, { selector: 'input' }).hasAttribute('required')).toBe(true);
  });

  it('refuses a malformed email with the info message and sends nothing', async () => {
    setApiBase(base);
    renderWithMantine(<LoginForm onSignedIn={() => undefined} />);
    fill('not-an-email', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MSG.invalidLoginEmail)).toBeTruthy();
    expect(bodies).toHaveLength(0);
  });

  it('asks for both fields when one is empty', async () => {
    renderWithMantine(<LoginForm onSignedIn={() => undefined} />);
    fill('hod@university.edu', '');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MSG.provideAllRequired)).toBeTruthy();
    expect(bodies).toHaveLength(0);
  });

  it('shows a loader while the request runs, then the server error as a toast', async () => {
    setApiBase(base);
    let signedIn = false;
    renderWithMantine(<LoginForm onSignedIn={() => (signedIn = true)} />);
    fill(' hod@university.edu ', 'wrong-password');
    const button = screen.getByRole('button', { name: 'Login' });
    fireEvent.click(button);
    await waitFor(() => expect(release).not.toBeNull());
    expect(button.hasAttribute('data-loading')).toBe(true);
    expect(bodies).toEqual([{ email: 'hod@university.edu', password: 'wrong-password' }]);
    release!();
    expect(await screen.findByText(MSG.invalidCredentials)).toBeTruthy();
    await waitFor(() => expect(button.hasAttribute('data-loading')).toBe(false));
    expect(signedIn).toBe(false);
  });

  it("says 'Server not responding' when nothing answers", async () => {
    // A port nobody listens on: the connection is refused.
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((r) => dead.close(() => r()));
    setApiBase(`http://127.0.0.1:${port}/api`);
    renderWithMantine(<LoginForm onSignedIn={() => undefined} />);
    fill('hod@university.edu', 'observa-demo');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MSG.serverNotResponding)).toBeTruthy();
  });
});
