import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

const ROOTS = ['app', 'common', 'server', 'public']
const SKIP = new Set(['node_modules', 'build', 'assets'])

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) yield* files(full)
    else if (/\.(?:tsx?|html|json|md|txt|svg)$/.test(name) && !name.endsWith('.test.ts')) yield full
  }
}

// Issue 11 §2: nothing the product ships may promise a feature instead of having it.
test('no screen, message or asset says "Coming soon" (or another placeholder of the kind)', () => {
  const found: string[] = []
  for (const root of ROOTS) {
    for (const file of files(root)) {
      const text = readFileSync(file, 'utf8')
      if (/coming soon|lorem ipsum|not implemented yet|under construction/i.test(text)) found.push(file)
    }
  }
  expect(found).toEqual([])
})
