// `npm start`: build the pages when the build is missing or older than the sources, then serve.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { projectRoot, serverBuildFile } from '#server/paths.ts'

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs)
  }
  return newest
}

function needsBuild(): boolean {
  if (!existsSync(serverBuildFile)) return true
  const built = statSync(serverBuildFile).mtimeMs
  const sources = ['app', 'common'].map((d) => path.join(projectRoot, d)).filter(existsSync)
  const configs = ['vite.config.ts', 'react-router.config.ts', 'package-lock.json'].map((f) =>
    path.join(projectRoot, f),
  )
  return Math.max(...sources.map(newestMtime), ...configs.filter(existsSync).map((f) => statSync(f).mtimeMs)) > built
}

if (needsBuild()) {
  process.stdout.write('Building the site (first start or changed sources)…\n')
  const cli = path.join(projectRoot, 'node_modules/@react-router/dev/bin.cjs')
  const result = spawnSync(process.execPath, [cli, 'build'], { cwd: projectRoot, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

await import('#server/main.ts')
