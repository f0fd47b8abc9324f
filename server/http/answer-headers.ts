import type { Context } from 'hono'

/**
 * Sets a header on the answer a handler already returned. Hono's `c.header()` at that point turns
 * the body into a fresh stream (a copy of every byte, then no fast write to the socket); the
 * answer's own headers can simply be changed, unless they are immutable (a fetched Response).
 */
export function setAnswerHeader(c: Context, name: string, value: string) {
  try {
    c.res.headers.set(name, value)
  } catch {
    c.header(name, value)
  }
}
