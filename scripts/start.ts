// `npm start`: build when the build is missing or older than the sources, then run the bundled
// server (docs/decisions/039-bundled-production-server.md) in this same process, with the memory
// settings of docs/decisions/038-server-memory.md.
import { spawnSync } from 'node:child_process'
import module from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { projectRoot, serverBundleFile } from '#server/paths.ts'
import { needsBuild } from './needs-build.ts'

/**
 * Settings that only take effect when a process starts, so this process becomes the server with
 * them (execve keeps its pid, for systemd and signals): semi-spaces of 4 MB for V8's young
 * generation instead of up to 64 MB; and for glibc's malloc, two arenas instead of one per thread,
 * and blocks of 128 KB or more always mapped on their own, so they go back to the system when freed
 * (glibc raises that bar to 32 MB as large blocks come and go, then keeps them). An operator's own
 * NODE_OPTIONS and MALLOC_* values win. docs/decisions/038-server-memory.md
 */
const NODE_OPTIONS = '--max-semi-space-size=4'
const MALLOC = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' }

if (needsBuild(projectRoot, serverBundleFile)) {
  process.stdout.write('Building the site (first start or changed sources)…\n')
  const cli = path.join(projectRoot, 'node_modules/@react-router/dev/bin.cjs')
  const result = spawnSync(process.execPath, [cli, 'build'], { cwd: projectRoot, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const env = {
  ...MALLOC,
  // V8 keeps the compiled bundles on disk: a restart reads them instead of parsing ~9 MB of
  // JavaScript again. NODE_COMPILE_CACHE moves it; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
  NODE_COMPILE_CACHE: path.join(os.tmpdir(), 'node-compile-cache'),
  ...process.env,
  // V8 takes the last value of a flag: the operator's own come after ours.
  NODE_OPTIONS: `${NODE_OPTIONS} ${process.env.NODE_OPTIONS ?? ''}`.trim(),
}
if (process.execve) {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, serverBundleFile], env)
} else {
  // Without execve (not on Linux or macOS): the server in this process, with the compile cache only.
  module.enableCompileCache()
  await import(pathToFileURL(serverBundleFile).href)
}
