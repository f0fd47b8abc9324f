import path from 'node:path'
import type { Config } from '@react-router/dev/config'
import { bundleServer } from './scripts/bundle-server.ts'

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // After the pages: the Hono server as one bundle, build/node/main.js (docs/decisions/039).
  buildEnd: async ({ viteConfig }) => {
    await bundleServer(viteConfig.root, path.join(viteConfig.root, 'build/node'))
  },
} satisfies Config
