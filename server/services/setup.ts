import { count } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { samplePosts } from '#server/db/sample-posts.ts'
import { blogPosts } from '#server/db/schema.ts'
import { randomPassword } from '#server/services/passwords.ts'
import { insertPosts } from '#server/services/posts.ts'
import { countUsers, createUser, findUser } from '#server/services/users.ts'

const DAY = 24 * 60 * 60 * 1000

/** Inserts the sample posts; the caller decides when (first run only). */
export async function seedSamplePosts(db: Db, now = new Date()): Promise<number> {
  const rows = samplePosts.map(({ publishedDaysAgo, ...post }) => {
    const publishedAt = publishedDaysAgo === null ? null : new Date(now.getTime() - publishedDaysAgo * DAY)
    return { ...post, publishedAt, updatedAt: publishedAt ?? new Date(now.getTime() - 2 * 60 * 60 * 1000) }
  })
  // Each sample post starts its history like any other post: one 'create' revision, by nobody.
  return insertPosts(db, rows, now)
}

export interface FirstRun {
  /** Set when this call created an admin with a generated password: shown once, never logged. */
  generatedPassword: string | null
  createdAdmin: string | null
  seededPosts: number
}

/**
 * First-run setup. Sample posts go in only on a brand-new database (no users and no posts), so
 * posts an admin deleted never come back. The admin comes from ADMIN_USERNAME/ADMIN_PASSWORD when
 * set, else `admin` with a random password when there is no user at all.
 */
export async function firstRunSetup(
  db: Db,
  options: { seed: boolean; adminUsername?: string; adminPassword?: string },
  now = new Date(),
): Promise<FirstRun> {
  const result: FirstRun = { generatedPassword: null, createdAdmin: null, seededPosts: 0 }
  const [posts] = await db.select({ n: count() }).from(blogPosts)
  const fresh = (await countUsers(db)) === 0 && Number(posts?.n ?? 0) === 0
  if (options.seed && fresh) result.seededPosts = await seedSamplePosts(db, now)

  if (options.adminUsername && options.adminPassword) {
    if (!(await findUser(db, options.adminUsername))) {
      await createUser(db, options.adminUsername, options.adminPassword)
      result.createdAdmin = options.adminUsername
    }
  } else if ((await countUsers(db)) === 0) {
    const password = randomPassword()
    if (await createUser(db, 'admin', password)) {
      result.createdAdmin = 'admin'
      result.generatedPassword = password
    }
  }
  return result
}
