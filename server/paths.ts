import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

function findRoot(from: string): string {
  let dir = from
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error(`No package.json above ${from}`)
    dir = parent
  }
  return dir
}

/** The folder holding package.json, wherever this module runs from (source or build). */
export const projectRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)))

export const buildDir = path.join(projectRoot, 'build')
export const serverBuildFile = path.join(buildDir, 'server/index.js')
export const clientDir = path.join(buildDir, 'client')
/** The production server, bundled after the pages (scripts/bundle-server.ts): the build's last file. */
export const serverBundleFile = path.join(buildDir, 'node/main.js')
