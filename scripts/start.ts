// `npm start`: build when the build is missing or older than the sources, then run the bundled
// server (docs/decisions/039-bundled-production-server.md) in this same process, with the memory
// settings of docs/decisions/038-server-memory.md.
import module from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { projectRoot, serverBundleFile } from '#server/paths.ts'
import { buildSite } from './build-site.ts'
import { needsBuild } from './needs-build.ts'
import { SERVER_NODE_FLAGS, serverProcessEnv } from './server-settings.ts'

if (needsBuild(projectRoot, serverBundleFile)) {
  process.stdout.write('Building the site (first start or changed sources)…\n')
  const status = buildSite(projectRoot)
  if (status !== 0) process.exit(status ?? 1)
}

// Settings that only take effect when a process starts (scripts/server-settings.ts), so this process
// becomes the server with them: execve keeps its pid, for systemd and signals. V8 keeps the compiled
// bundles on disk, so a restart reads them instead of parsing ~9 MB of JavaScript again:
// NODE_COMPILE_CACHE moves it, NODE_DISABLE_COMPILE_CACHE=1 turns it off.
const env = serverProcessEnv({
  NODE_COMPILE_CACHE: path.join(os.tmpdir(), 'node-compile-cache'),
  ...process.env,
})
if (process.execve) {
  process.execve(
    process.execPath,
    [process.execPath, ...SERVER_NODE_FLAGS, ...process.execArgv, serverBundleFile],
    env as Record<string, string>,
  )
} else {
  // Without execve (not on Linux or macOS): the server in this process, with the compile cache only.
  module.enableCompileCache()
  await import(pathToFileURL(serverBundleFile).href)
}
