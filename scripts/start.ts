// `npm start`: build when the build is missing or older than the sources, then run the bundled
// server (docs/decisions/039-bundled-production-server.md).
import { spawnSync } from 'node:child_process'
import module from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { projectRoot, serverBundleFile } from '#server/paths.ts'
import { needsBuild } from './needs-build.ts'

if (needsBuild(projectRoot, serverBundleFile)) {
  process.stdout.write('Building the site (first start or changed sources)…\n')
  const cli = path.join(projectRoot, 'node_modules/@react-router/dev/bin.cjs')
  const result = spawnSync(process.execPath, [cli, 'build'], { cwd: projectRoot, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

// V8 keeps the compiled bundles on disk (in the system's temporary folder, NODE_COMPILE_CACHE to
// move it): a restart reads them instead of parsing ~9 MB of JavaScript again.
module.enableCompileCache()
await import(pathToFileURL(serverBundleFile).href)
