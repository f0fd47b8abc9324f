import { existsSync, globSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { defineConfig } from 'vitest/config'
import base from './vitest.config.ts'

// The PostgreSQL pass (`npm run test:pg`, CI) runs only the test files that reach a database: a
// pure function answers the same on either, and the PGlite pass has run it already. A file
// reaches one when it, or a test helper it imports, opens a test database, an app or a server.
const REACHES_A_DATABASE = /TEST_DATABASE_URL|#server\/boot\.ts|#server\/db\/client\.ts/
const IMPORT = /from\s+'(#tests\/[^']+|\.{1,2}\/[^']+)'/g

function resolve(from: string, specifier: string): string {
  return specifier.startsWith('#tests/')
    ? path.join('tests', specifier.slice('#tests/'.length))
    : path.join(path.dirname(from), specifier)
}

function reachesDatabase(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file) || !existsSync(file)) return false
  seen.add(file)
  const text = readFileSync(file, 'utf8')
  if (REACHES_A_DATABASE.test(text)) return true
  return [...text.matchAll(IMPORT)].some(([, specifier]) => reachesDatabase(resolve(file, specifier!), seen))
}

const patterns = base.test?.include ?? []
const files = patterns.flatMap((pattern) => globSync(pattern)).filter((file) => reachesDatabase(file))

export default defineConfig({ ...base, test: { ...base.test, include: files } })
