// `npm start`: build the pages when the build is missing or older than the sources, then serve.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { projectRoot, serverBuildFile } from '#server/paths.ts'
import { needsBuild } from './needs-build.ts'

if (needsBuild(projectRoot, serverBuildFile)) {
  process.stdout.write('Building the site (first start or changed sources)…\n')
  const cli = path.join(projectRoot, 'node_modules/@react-router/dev/bin.cjs')
  const result = spawnSync(process.execPath, [cli, 'build'], { cwd: projectRoot, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

await import('#server/main.ts')
