import { writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Config } from '@react-router/dev/config'
import { bundleServer } from './scripts/bundle-server.ts'
import { BUILD_MODE_FILE, type BuildMode } from './scripts/needs-build.js'

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // After the pages: the Hono server as one bundle, build/node/main.js (docs/decisions/039).
  buildEnd: async ({ viteConfig }) => {
    const outDir = path.join(viteConfig.root, 'build/node')
    await bundleServer(viteConfig.root, outDir)
    // Last, so a build cut short has none: whether this build may be reused (scripts/build-site.ts).
    const mode: BuildMode = { production: viteConfig.isProduction }
    writeFileSync(path.join(outDir, BUILD_MODE_FILE), JSON.stringify(mode))
  },
} satisfies Config
