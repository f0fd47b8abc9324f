// Whether `npm start` must build first. Plain JavaScript (typed by JSDoc, checked by tsc): `npm start`
// loads it before the server, and a TypeScript file there costs Node's type stripping, ~50 ms of
// every restart (decision 068).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/**
 * Folders the page build is made from: route modules and components, shared rules, copied files,
 * and server/, whose services the route loaders import (they are bundled into build/server).
 */
export const BUILD_SOURCE_DIRS = /** @type {const} */ (['app', 'common', 'public', 'server'])
/** Files that change the build without being in those folders. */
export const BUILD_CONFIG_FILES = /** @type {const} */ ([
  'vite.config.ts',
  'react-router.config.ts',
  'package-lock.json',
])

/**
 * Written by the build next to the server bundle (react-router.config.ts): whether it is a
 * production build. Vite makes a development React when NODE_ENV says anything but 'production'
 * (Vitest sets 'test'), and a development React's warnings break the browser tests (issue 27, CI).
 */
export const BUILD_MODE_FILE = 'build-mode.json'

/** @typedef {{ production: boolean }} BuildMode */

/**
 * Whether the build in `dir` (the folder of its server bundle) says it is a production build.
 * @param {string} dir
 * @returns {boolean}
 */
export function isProductionBuild(dir) {
  const file = path.join(dir, BUILD_MODE_FILE)
  if (!existsSync(file)) return false
  try {
    return /** @type {BuildMode} */ (JSON.parse(readFileSync(file, 'utf8'))).production === true
  } catch {
    return false
  }
}

/**
 * The newest change under `dir`: files, and folders too, since removing or renaming a file
 * changes only its folder's time.
 * @param {string} dir
 * @returns {number}
 */
function newestChange(dir) {
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
 * @param {string} root
 * @param {string} buildFile
 * @returns {boolean}
 */
export function needsBuild(root, buildFile) {
  if (!existsSync(buildFile) || !isProductionBuild(path.dirname(buildFile))) return true
  const built = statSync(buildFile).mtimeMs
  const dirs = BUILD_SOURCE_DIRS.map((d) => path.join(root, d)).filter((d) => existsSync(d))
  const files = BUILD_CONFIG_FILES.map((f) => path.join(root, f)).filter((f) => existsSync(f))
  return [...dirs.map(newestChange), ...files.map((f) => statSync(f).mtimeMs)].some((t) => t > built)
}
