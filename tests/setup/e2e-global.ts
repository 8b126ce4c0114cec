// Global setup of the e2e project: one Chromium for the whole run (a Playwright browser server);
// each test file connects to it and gets contexts of its own (tests/setup/e2e.ts), instead of
// launching and closing a browser per file.
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';

export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint' as never, server.wsEndpoint() as never);
  return () => server.close();
}
