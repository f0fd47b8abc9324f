import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { getTableColumns } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { Post, PostInput } from '#common/contract/posts.ts'
import { migrationsFolder } from '#server/db/migrate.ts'
import { blogPosts } from '#server/db/schema.ts'
import { projectRoot } from '#server/paths.ts'

// Issue 27 (structure): the schema, its migrations and the post contract are one list of fields.

test('the committed migrations make exactly the schema: drizzle-kit finds nothing to generate', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'vq-migrations-'))
  try {
    const out = path.join(scratch, 'migrations')
    cpSync(migrationsFolder, out, { recursive: true })
    const before = readdirSync(out).sort()
    // drizzle-kit reads --out relative to the working folder, whatever it is given.
    const printed = execFileSync(
      path.join(projectRoot, 'node_modules/.bin/drizzle-kit'),
      [
        'generate',
        '--dialect',
        'postgresql',
        '--schema',
        'server/db/schema.ts',
        '--casing',
        'snake_case',
        '--out',
        path.relative(projectRoot, out),
      ],
      { cwd: projectRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    )
    expect(readdirSync(out).sort(), 'run `npm run db:generate` and commit the migration it writes').toEqual(before)
    expect(printed).toContain('No schema changes')
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
})

test('the Post contract has a key for every column of blog_posts, and no other', () => {
  expect(Object.keys(Post.shape).sort()).toEqual(Object.keys(getTableColumns(blogPosts)).sort())
})

test('every field a post form sends is a column of blog_posts', () => {
  const columns = new Set(Object.keys(getTableColumns(blogPosts)))
  expect(Object.keys(PostInput.shape).filter((name) => !columns.has(name))).toEqual([])
})
