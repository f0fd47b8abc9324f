import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { isProductionBuild } from './build-site.ts'

/**
 * Folders the page build is made from: route modules and components, shared rules, copied files,
 * and server/, whose services the route loaders import (they are bundled into build/server).
 */
export const BUILD_SOURCE_DIRS = ['app', 'common', 'public', 'server'] as const
/** Files that change the build without being in those folders. */
export const BUILD_CONFIG_FILES = ['vite.config.ts', 'react-router.config.ts', 'package-lock.json'] as const

/**
 * The newest change under `dir`: files, and folders too, since removing or renaming a file
 * changes only its folder's time.
 */
function newestChange(dir: string): number {
  let newest = statSync(dir).mtimeMs
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs)
  }
  return newest
}

/**
 * Whether `npm start` (or a test) must run the page build first: when `buildFile` (the server
 * build React Router writes last) is missing, is not a production build (build-mode.json beside
 * it: a build made under Vitest's NODE_ENV=test before buildSite set it), or anything it is made
 * from changed after it was written.
 */
export function needsBuild(root: string, buildFile: string): boolean {
  if (!existsSync(buildFile) || !isProductionBuild(path.dirname(buildFile))) return true
  const built = statSync(buildFile).mtimeMs
  const dirs = BUILD_SOURCE_DIRS.map((d) => path.join(root, d)).filter((d) => existsSync(d))
  const files = BUILD_CONFIG_FILES.map((f) => path.join(root, f)).filter((f) => existsSync(f))
  return [...dirs.map(newestChange), ...files.map((f) => statSync(f).mtimeMs)].some((t) => t > built)
}
