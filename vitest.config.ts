import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'common/**/*.test.ts',
      'server/**/*.test.ts',
      'app/**/*.test.{ts,tsx}',
      'tests/integration/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    globalSetup: ['tests/helpers/pglite-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
})
