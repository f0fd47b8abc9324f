import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import zlib from 'node:zlib'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'

/**
 * Writes `name.br` and `name.gz` beside every script and style sheet of the browser build, once,
 * at the highest settings; the server's static handler sends them to clients that accept them.
 * Small files too: a page loads several chunks of 0.2-0.5 KB (an icon, a skeleton), which brotli
 * still cuts by a third. A compressed copy that is not smaller than the file is not written.
 */
function precompressAssets(): Plugin {
  return {
    name: 'vq-precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (this.environment.name !== 'client' || !options.dir) return
      const dir = options.dir
      const files = Object.keys(bundle).filter((file) => /\.(?:js|mjs|css|svg|json)$/.test(file))
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(dir, file)
          const data = await readFile(full)
          const gz = zlib.gzipSync(data, { level: 9 })
          const br = zlib.brotliCompressSync(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          })
          if (gz.length < data.length) await writeFile(`${full}.gz`, gz)
          if (br.length < data.length) await writeFile(`${full}.br`, br)
        }),
      )
    },
  }
}

/**
 * With VQ_CHUNK_REPORT=file.json, writes which source modules ended up in which browser chunk and
 * how many bytes each kept after tree-shaking (bench/README.md's per-module breakdown).
 */
function chunkReport(): Plugin {
  return {
    name: 'vq-chunk-report',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const out = process.env.VQ_CHUNK_REPORT
      if (!out || this.environment.name !== 'client') return
      const chunks: Record<string, { imports: string[]; dynamicImports: string[]; modules: Record<string, number> }> =
        {}
      for (const [file, item] of Object.entries(bundle)) {
        if (item.type !== 'chunk') continue
        const modules: Record<string, number> = {}
        for (const [id, m] of Object.entries(item.modules)) modules[id] = m.renderedLength
        chunks[file] = { imports: item.imports, dynamicImports: item.dynamicImports, modules }
      }
      await writeFile(out, JSON.stringify(chunks, null, 1))
    },
  }
}

/** React, React DOM and React Router: needed by every page, so one file rather than a dozen. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|@react-router[\\/][^\\/]+|turbo-stream|cookie|set-cookie-parser)[\\/]/

/** The route modules a visitor can reach without signing in, and the root they all share. */
const PUBLIC_ROUTE =
  /[\\/]app[\\/](?:root\.tsx|routes[\\/](?:home|demo|not-found)\.tsx|routes[\\/](?:blog|legal)[\\/][^\\/]+\.tsx)(?:\?|$)/

/**
 * App code, the small libraries public components call and lucide's single icons, never a package
 * barrel: a barrel's import list names every export (all of lucide's icons), used or not. An icon
 * counts as reached only from a module that names it (see `importsOf` below).
 */
const GROUPABLE =
  /^(?![\s\S]*node_modules)[\s\S]*[\\/](?:app|common)[\\/]|[\\/]node_modules[\\/](?:tailwind-merge|clsx|class-variance-authority)[\\/]|[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?:shared[\\/]|Icon|createLucideIcon|defaultAttributes|context|icons[\\/])/
const LUCIDE_BARREL = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/
const MIN_PAGES = Number(process.env.VQ_PUBLIC_MIN_PAGES ?? 2)

/** Filled at the end of the client build's module graph, read when chunks are formed. */
let publicShared = new Set<string>()
/** Modules public pages need that other code shares too, by the '<pages>-deps' group they go to. */
let pageDeps = new Map<string, string>()

/**
 * Finds the app modules every public page needs (the static imports of root.tsx) or that two
 * public routes share, so that they travel as one 'public' chunk instead of ~25 files of a few
 * hundred bytes each (each costs its own gzip window, import list and request).
 * Admin-only modules are never among them: only static imports from public routes are followed.
 */
function publicChunkGraph(): Plugin {
  return {
    name: 'vq-public-chunk-graph',
    apply: 'build',
    // The environments are built one after the other (client first): the server build must not
    // see the client's set.
    buildStart() {
      publicShared = new Set()
      pageDeps = new Map()
    },
    buildEnd() {
      if (this.environment.name !== 'client') return
      const ids = [...this.getModuleIds()]
      // lucide's barrel imports every icon; a module that imports from it is taken to import the
      // icons it names instead (`import { Check, X as Close } from 'lucide-react'`).
      const barrel = ids.find((id) => LUCIDE_BARREL.test(id))
      const iconFile = new Map<string, string>()
      if (barrel) {
        for (const m of (this.getModuleInfo(barrel)?.code ?? '').matchAll(
          /export \{([^}]*)\} from ['"]([^'"]+)['"]/g,
        )) {
          const file = path.resolve(path.dirname(barrel), m[2] as string)
          for (const name of (m[1] as string).matchAll(/default as (\w+)/g)) iconFile.set(name[1] as string, file)
        }
      }
      const importsOf = (id: string) => {
        const info = this.getModuleInfo(id)
        if (!info) return []
        if (!barrel || !info.importedIds.includes(barrel)) return info.importedIds
        const icons = [...(info.code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g)]
          .flatMap((m) => (m[1] as string).split(','))
          .map((spec) => iconFile.get(spec.trim().split(/\s+as\s+/)[0] as string))
          .filter((file): file is string => file !== undefined)
        return [...info.importedIds.filter((next) => next !== barrel), ...icons]
      }
      const closure = (start: string) => {
        const seen = new Set<string>()
        const stack = [start]
        while (stack.length > 0) {
          const id = stack.pop() as string
          if (seen.has(id)) continue
          seen.add(id)
          for (const next of importsOf(id)) stack.push(next)
        }
        return seen
      }
      // One page type per key: a route's split modules (?route-chunk=…) and the legal documents
      // (which share their page component) count once.
      const pageOf = (id: string) => {
        const file = id.replace(/\?.*$/, '')
        return /[\\/]routes[\\/]legal[\\/]/.test(file) ? 'legal' : file
      }
      const reachByPage = new Map<string, Set<string>>()
      for (const route of ids.filter((id) => PUBLIC_ROUTE.test(id))) {
        const page = pageOf(route)
        const reach = reachByPage.get(page) ?? new Set<string>()
        for (const id of closure(route)) reach.add(id)
        reachByPage.set(page, reach)
      }
      const uses = new Map<string, number>()
      let always = new Set<string>()
      for (const [page, reach] of reachByPage) {
        for (const id of reach) uses.set(id, (uses.get(id) ?? 0) + 1)
        if (/[\\/]app[\\/]root\.tsx$/.test(page)) always = reach
      }
      publicShared = new Set(
        [...uses.entries()]
          .filter(([id, n]) => (n >= MIN_PAGES || always.has(id)) && GROUPABLE.test(id) && !PUBLIC_ROUTE.test(id))
          .map(([id]) => id),
      )
      // The rest of what public pages need and other code shares too (an icon, the API client, a
      // text area) would be split into a file of its own, each a request the page's start-up has
      // to make: the landing page made ten of 0.2-1 KB. Such modules are grouped by the set of
      // public page types that need them, one '<pages>-deps' chunk per set.
      const entries = ids.filter((id) => {
        const info = this.getModuleInfo(id)
        return info && !/[\\/]app[\\/]root\.tsx$/.test(id) && (info.isEntry || info.dynamicImporters.length > 0)
      })
      const entriesReaching = new Map<string, number>()
      for (const entry of entries)
        for (const id of closure(entry)) entriesReaching.set(id, (entriesReaching.get(id) ?? 0) + 1)
      const pagesOf = new Map<string, string[]>()
      for (const [page, reach] of reachByPage) {
        const name = path.basename(page, path.extname(page))
        for (const id of reach) pagesOf.set(id, [...(pagesOf.get(id) ?? []), name])
      }
      for (const [id, pages] of pagesOf) {
        if (publicShared.has(id) || PUBLIC_ROUTE.test(id) || !GROUPABLE.test(id)) continue
        if ((entriesReaching.get(id) ?? 0) < 2) continue
        pageDeps.set(id, `${pages.sort().join('+')}-deps`)
      }
    },
  }
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), precompressAssets(), chunkReport(), publicChunkGraph()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // V8 compiles every function of the framework file while it streams in, off the main
            // thread, instead of each one on its first call during hydration (tasks of 15-35 ms on
            // `/`). Chromium 136+ reads the comment; other browsers ignore it. Decision 016.
            postBanner: (chunk) => (chunk.name === 'entry.client' ? '//# allFunctionsCalledOnLoad' : ''),
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK, priority: 20 },
                { name: (id: string) => (publicShared.has(id) ? 'public' : null), priority: 10 },
                { name: (id: string) => pageDeps.get(id) ?? null, priority: 5 },
              ],
            },
          },
        },
  },
  // The page build carries its dependencies, so a start resolves and loads no package files from
  // node_modules for it (docs/decisions/039). Vite's dev server keeps loading them from there.
  environments: { ssr: { resolve: { noExternal: command === 'build' ? true : undefined } } },
  server: { hmr: true },
}))
