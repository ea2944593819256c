/**
 * The `test` every journey imports: Playwright's test with `baseURL` pointing at the server the global setup started,
 * and an `api` helper that talks to that server directly (for checking what the server really holds).
 */
import { test as base, expect } from '@playwright/test';
import { ServerApi, serverUrl } from './api.js';

/* eslint-disable no-empty-pattern -- Playwright fixtures must destructure their first argument */
export const test = base.extend<{ api: ServerApi }>({
  baseURL: async ({}, use) => {
    await use(serverUrl());
  },
  api: async ({}, use) => {
    await use(new ServerApi(serverUrl()));
  },
});

export { expect };
