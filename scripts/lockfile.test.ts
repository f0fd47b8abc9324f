import { execFile } from 'node:child_process'
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, test } from 'vitest'

const run = promisify(execFile)
const dir = mkdtempSync(path.join(tmpdir(), 'vq-lockfile-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

// README's Production section deploys with `npm ci`, which refuses a lockfile that lacks another
// platform's optional packages (@biomejs/cli-darwin-arm64 …): npm 11 drops them when it rewrites
// the lock on Linux with node_modules present. Regenerate with `npm install --package-lock-only`.
test('npm ci accepts the committed package.json and package-lock.json as they are', async () => {
  copyFileSync('package.json', path.join(dir, 'package.json'))
  copyFileSync('package-lock.json', path.join(dir, 'package-lock.json'))
  const result = await run('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: dir,
    env: { ...process.env, npm_config_loglevel: 'error' },
  }).then(
    ({ stderr }) => ({ code: 0, stderr }),
    (error: { code?: number; stderr?: string }) => ({ code: error.code ?? 1, stderr: error.stderr ?? '' }),
  )
  expect(result.stderr).not.toMatch(/Missing: .* from lock file/)
  expect(result.code).toBe(0)
}, 120_000)
