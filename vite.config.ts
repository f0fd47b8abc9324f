import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import zlib from 'node:zlib'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'

/**
 * Writes `name.br` and `name.gz` beside every script and style sheet of the browser build, once,
 * at the highest settings; the server's static handler sends them to clients that accept them.
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
          if (data.length < 1024) return
          await writeFile(`${full}.gz`, zlib.gzipSync(data, { level: 9 }))
          await writeFile(
            `${full}.br`,
            zlib.brotliCompressSync(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
          )
        }),
      )
    },
  }
}

/** React, React DOM and React Router: needed by every page, so one file rather than a dozen. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|@react-router[\\/][^\\/]+|turbo-stream|cookie|set-cookie-parser)[\\/]/

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK, priority: 20 }] } } },
  },
  // The page build carries its dependencies, so a start resolves and loads no package files from
  // node_modules for it (docs/decisions/039). Vite's dev server keeps loading them from there.
  environments: { ssr: { resolve: { noExternal: command === 'build' ? true : undefined } } },
  server: { hmr: true },
}))
