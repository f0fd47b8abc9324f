// The production server as one bundle (docs/decisions/039-bundled-production-server.md): run by
// `react-router build` after the pages (react-router.config.ts, buildEnd), so `npm run build` and
// `npm start` make both. `node server/main.ts` still runs the sources (tests, `npm run admin`).
import { rmSync } from 'node:fs'
import path from 'node:path'
import { build } from 'rolldown'

/**
 * Left to Node at run time: native addons, and PGlite, which finds its WASM and data files next to
 * its own modules.
 */
const EXTERNAL = [/^node:/, /^@electric-sql\/pglite(?:\/|$)/, /^sharp(?:\/|$)/, /^@resvg\/resvg-js(?:\/|$)/]
/** Optional peers that the bundled packages only try to load: `pg-native` (pg), `canvas` (linkedom). */
const OPTIONAL = ['pg-native', 'canvas']

export async function bundleServer(root: string, outDir: string): Promise<void> {
  rmSync(outDir, { recursive: true, force: true })
  await build({
    cwd: root,
    input: { main: path.join(root, 'server/main.ts') },
    platform: 'node',
    external: [...EXTERNAL, ...OPTIONAL],
    // twitter-text asks for `punycode`, which Node answers with its deprecated built-in (and a
    // warning once the caller is no longer under node_modules): give it the package it depends on.
    resolve: { alias: { punycode: path.join(root, 'node_modules/punycode/punycode.js') } },
    output: {
      dir: outDir,
      format: 'esm',
      // With node --enable-source-maps, stack traces point at server/ and common/ (README).
      sourcemap: true,
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
    },
    logLevel: 'warn',
  })
}
