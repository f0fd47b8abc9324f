import { mkdirSync, mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { needsBuild } from './needs-build.js'

const roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

const BUILT = new Date('2026-06-01T12:00:00Z')
const BEFORE = new Date('2026-06-01T11:00:00Z')
const AFTER = new Date('2026-06-01T13:00:00Z')

/** Writes `file` under `root` (making its folders) with the given time, and the folders' times too. */
function put(root: string, file: string, time: Date) {
  const full = path.join(root, file)
  mkdirSync(path.dirname(full), { recursive: true })
  writeFileSync(full, file)
  utimesSync(full, time, time)
}

function setFolderTimes(root: string, dirs: string[], time: Date) {
  for (const dir of dirs) utimesSync(path.join(root, dir), time, time)
}

/** A project whose sources all predate a build written at BUILT. */
function builtProject() {
  const root = mkdtempSync(path.join(tmpdir(), 'vq-needs-build-'))
  roots.push(root)
  put(root, 'app/routes/blog/post.tsx', BEFORE)
  put(root, 'common/text-rules.ts', BEFORE)
  put(root, 'public/favicon.svg', BEFORE)
  put(root, 'vite.config.ts', BEFORE)
  put(root, 'react-router.config.ts', BEFORE)
  put(root, 'package-lock.json', BEFORE)
  put(root, 'server/services/posts.ts', BEFORE)
  put(root, 'README.md', AFTER)
  setFolderTimes(
    root,
    ['app/routes/blog', 'app/routes', 'app', 'common', 'public', 'server/services', 'server'],
    BEFORE,
  )
  const buildFile = path.join(root, 'build/node/main.js')
  put(root, 'build/node/main.js', BUILT)
  writeFileSync(path.join(root, 'build/node/build-mode.json'), JSON.stringify({ production: true }))
  return { root, buildFile }
}

describe('needsBuild', () => {
  test('is true when there is no build', () => {
    const { root, buildFile } = builtProject()
    unlinkSync(buildFile)
    expect(needsBuild(root, buildFile)).toBe(true)
  })

  test('is false when every source predates the build (other files, like README.md, do not count)', () => {
    const { root, buildFile } = builtProject()
    expect(needsBuild(root, buildFile)).toBe(false)
  })

  test('is true when the build is not a production build, or does not say what it is', () => {
    // A build made under NODE_ENV=test has a development React, whose warnings break the browser tests.
    const development = builtProject()
    writeFileSync(path.join(development.root, 'build/node/build-mode.json'), JSON.stringify({ production: false }))
    expect(needsBuild(development.root, development.buildFile)).toBe(true)
    const unsaid = builtProject()
    unlinkSync(path.join(unsaid.root, 'build/node/build-mode.json'))
    expect(needsBuild(unsaid.root, unsaid.buildFile)).toBe(true)
  })

  test.each([
    ['a page deep under app/', 'app/routes/blog/post.tsx'],
    ['a shared rule in common/', 'common/text-rules.ts'],
    ['a file in public/', 'public/favicon.svg'],
    ['server code that page loaders import (bundled into the build)', 'server/services/posts.ts'],
    ['the Vite config', 'vite.config.ts'],
    ['the React Router config', 'react-router.config.ts'],
    ['the lock file (other dependencies)', 'package-lock.json'],
  ])('is true when %s changed after the build', (_what, file) => {
    const { root, buildFile } = builtProject()
    utimesSync(path.join(root, file), AFTER, AFTER)
    expect(needsBuild(root, buildFile)).toBe(true)
  })

  test('is true when a file was added to public/ or removed from app/ after the build', () => {
    const added = builtProject()
    put(added.root, 'public/robots.txt', BEFORE)
    setFolderTimes(added.root, ['public'], AFTER)
    expect(needsBuild(added.root, added.buildFile)).toBe(true)

    const removed = builtProject()
    unlinkSync(path.join(removed.root, 'app/routes/blog/post.tsx'))
    setFolderTimes(removed.root, ['app/routes/blog'], AFTER)
    expect(needsBuild(removed.root, removed.buildFile)).toBe(true)
  })

  test('a project without a public/ folder is judged on the rest', () => {
    const { root, buildFile } = builtProject()
    rmSync(path.join(root, 'public'), { recursive: true })
    expect(needsBuild(root, buildFile)).toBe(false)
  })
})
