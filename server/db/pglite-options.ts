import { PGlite, type PGliteOptions } from '@electric-sql/pglite'

/**
 * PostgreSQL's shared buffers live in PGlite's WASM memory, which never shrinks. PostgreSQL's
 * default of 128 MB is sized for a server of its own; a blog's working set is a few MB, and the
 * files are in the operating system's page cache anyway. 16 MB is what initdb picks on a small
 * machine. docs/decisions/038-server-memory.md
 */
export const PGLITE_SHARED_BUFFERS = '16MB'

export const PGLITE_OPTIONS: PGliteOptions = {
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
}
