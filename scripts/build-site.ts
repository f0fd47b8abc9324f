import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Written by the build next to the server bundle (react-router.config.ts): whether it is a
 * production build. Vite makes a development React when NODE_ENV says anything but 'production'
 * (Vitest sets 'test'), and a development React's warnings break the browser tests (issue 27, CI).
 */
export const BUILD_MODE_FILE = 'build-mode.json'

export interface BuildMode {
  production: boolean
}

/** Whether the build in `dir` (the folder of its server bundle) says it is a production build. */
export function isProductionBuild(dir: string): boolean {
  const file = path.join(dir, BUILD_MODE_FILE)
  if (!existsSync(file)) return false
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as BuildMode).production === true
  } catch {
    return false
  }
}

/**
 * `react-router build` in `root`, always a production build whatever this process's NODE_ENV
 * (Vitest's 'test', a shell's 'development'): the one build `npm start`, the API tests that start
 * the bundled server and the browser tests all use. Answers the build's exit status.
 */
export function buildSite(root: string): number | null {
  const cli = path.join(root, 'node_modules/@react-router/dev/bin.cjs')
  const result = spawnSync(process.execPath, [cli, 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  return result.status
}
