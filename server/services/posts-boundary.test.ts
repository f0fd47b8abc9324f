import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const server = fileURLToPath(new URL('..', import.meta.url))

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

/** A write of the posts table, through drizzle or in SQL. */
const WRITES_POSTS =
  /\.(?:update|insert|delete)\(\s*blogPosts\s*\)|\b(?:update|insert\s+into|delete\s+from)\s+"?blog_posts\b/i

// Issue 27 (structure): one posts service saves a post (its revision, its images, the announcement
// to the page cache and the other instances) for every caller: routers, jobs, the schedule, the
// CLI, the first-run seed. Biome's noRestrictedImports cannot tell a read of the table from a
// write, so the rule is checked here: no file of server/ but the posts service writes blog_posts.
test('only server/services/posts.ts writes blog_posts', () => {
  const writers = sourceFiles(server)
    .filter((file) => WRITES_POSTS.test(readFileSync(file, 'utf8')))
    .map((file) => relative(server, file))
  expect(writers).toEqual(['services/posts.ts'])
})
