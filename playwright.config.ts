import { defineConfig } from '@playwright/test'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  // Two spec files at a time, each worker on a server of its own (`workerServer` in
  // tests/e2e/fixtures.ts): CI's browser tests in about half the time on 2 cores. E2E_WORKERS=1
  // runs them one at a time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // In CI a failed test runs once more and is printed as flaky; two failures fail the run (decision 067).
  retries: process.env.CI ? 1 : 0,
  // A whole test's limit: generous, because a loaded 2-core CI machine stretches every step (each
  // expectation still fails after its own 10 s). A passing test takes what it takes.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    // baseURL is the worker's own server (`workerServer` in tests/e2e/fixtures.ts).
    // Dates are written in the browser's locale (app/lib/dates.ts): the same on every machine
    // unless a test picks another.
    locale: 'en-US',
    // A trace records a screencast and DOM snapshots of every step: in CI only a retry records one
    // (a failure's first run has its screenshot). Recording every test's trace took a third of
    // Chromium's and Playwright's CPU on this 2-core machine (admin-editor.spec.ts: 169 → 121 s).
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
})
