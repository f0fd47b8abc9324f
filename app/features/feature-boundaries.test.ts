import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const root = fileURLToPath(new URL('.', import.meta.url))

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

// Biome's noRestrictedImports cannot say "any feature but this file's own" in one rule (a pattern
// per folder, and a leading # reads as a gitignore comment), so the rule of docs/style.md §1 is checked here.
test('no feature imports another feature: shared code lives in app/components or app/lib, routes compose', () => {
  const features = readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory())
  const crossings = features.flatMap(({ name: feature }) =>
    sourceFiles(join(root, feature)).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/['"]#app\/features\/([a-z0-9-]+)\//g)]
        .filter((match) => match[1] !== feature)
        .map((match) => `${file.slice(root.length)} imports features/${match[1]}`),
    ),
  )
  expect(features.length).toBeGreaterThan(5)
  expect(crossings).toEqual([])
})
