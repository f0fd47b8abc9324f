import { spawnSync } from 'node:child_process'
import path from 'node:path'

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
