// Run by openPglite in a child process: creates a new PGlite data folder (initdb) and exits, so the
// memory initdb needs (a second PostgreSQL instance in WASM, ~300 MB, peak over 1 GB) is given back
// to the system instead of staying in the server until a garbage collection. docs/decisions/038
import { PGlite } from '@electric-sql/pglite'
import { PGLITE_OPTIONS } from '#server/db/pglite-options.ts'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: node server/db/pglite-init.ts <data folder>')
const client = await PGlite.create(dataDir, PGLITE_OPTIONS)
await client.close()
