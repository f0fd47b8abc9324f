import { spawn } from 'node:child_process'
import { projectRoot } from '#server/paths.ts'

/**
 * Runs a command line tool of the project (`command args` in its folder) on the data folder
 * `dataDir`, as an operator would: its exit code and what it printed. Empty counts as unset, so
 * nothing from the environment running the tests (a database, an admin) leaks in; `env` adds to it.
 */
export function runCli(command: string, args: string[], dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(command, args, {
    cwd: projectRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_USERNAME: '', ADMIN_PASSWORD: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}
