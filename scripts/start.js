// `npm start`: build when the build is missing or older than the sources, then run the bundled
// server (docs/decisions/039-bundled-production-server.md) in this same process, with the memory
// settings of docs/decisions/038-server-memory.md.
// Plain JavaScript, like the two modules it loads: a TypeScript file here would cost Node's type
// stripping (~50 ms) on every restart before the server even starts (decision 068).
import module from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { needsBuild } from './needs-build.js'
import { SERVER_NODE_FLAGS, serverProcessEnv } from './server-settings.js'

// The same places as server/paths.ts (projectRoot, serverBundleFile), found without loading it.
const projectRoot = path.dirname(import.meta.dirname)
const serverBundleFile = path.join(projectRoot, 'build/node/main.js')

if (needsBuild(projectRoot, serverBundleFile)) {
  process.stdout.write('Building the site (first start or changed sources)…\n')
  const { buildSite } = await import('./build-site.ts')
  const status = buildSite(projectRoot)
  if (status !== 0) process.exit(status ?? 1)
}

// Settings that only take effect when a process starts (scripts/server-settings.js), so this process
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
    /** @type {Record<string, string>} */ (env),
  )
} else {
  // Without execve (not on Linux or macOS): the server in this process, with the compile cache only.
  module.enableCompileCache()
  await import(pathToFileURL(serverBundleFile).href)
}
