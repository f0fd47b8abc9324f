import { count, desc } from 'drizzle-orm'
import type { ContactList } from '#common/contract/contact.ts'
import type { Db } from '#server/db/client.ts'
import { contactSubmissions } from '#server/db/schema.ts'

export interface NewSubmission {
  name: string
  email: string
  company: string | null
  message: string
}

export async function createSubmission(db: Db, input: NewSubmission, now = new Date()) {
  const [row] = await db
    .insert(contactSubmissions)
    .values({ ...input, createdAt: now })
    .returning({ id: contactSubmissions.id })
  return row?.id ?? null
}

export async function listSubmissions(db: Db, page: number, pageSize: number): Promise<ContactList> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactSubmissions)
      .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(contactSubmissions),
  ])
  return {
    submissions: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: Number(total?.n ?? 0),
    page,
    pageSize,
  }
}
