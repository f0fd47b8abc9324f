import type { Db } from '#server/db/client.ts'

/**
 * Public content changed: the posts service says so after every write that changes what visitors
 * see (create, update, publish, unpublish, delete), whoever made it — an API request, the CLI, a
 * scheduled job. The page cache listens, and on PostgreSQL the change feed tells the other
 * instances (NOTIFY). docs/decisions/031-services-announce-changes.md
 */
export type ContentListener = () => Promise<void> | void

const listeners = new WeakMap<Db, Set<ContentListener>>()

/** Listens to the changes made through this database handle; returns the way to stop listening. */
export function onContentChange(db: Db, listener: ContentListener): () => void {
  let set = listeners.get(db)
  if (!set) {
    set = new Set()
    listeners.set(db, set)
  }
  set.add(listener)
  return () => set.delete(listener)
}

/** Tells every listener of this database handle; each listener logs its own failures. */
export async function contentChanged(db: Db): Promise<void> {
  const set = listeners.get(db)
  if (!set) return
  for (const listener of [...set]) await listener()
}
