import { Hono } from 'hono'
import { type ImportReport, ImportRunId, ImportUploadQuery } from '#common/contract/import.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { allow } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'

/** The import service and its parsers, loaded on the first import rather than at every start (decision 068). */
const importService = () => import('#server/services/import/run.ts')

// Issue 31: /api/admin/import… — a WordPress, Ghost or Markdown file checked (the dry run), then
// imported by a job whose progress the screen follows (docs/decisions/065-import-and-redirects.md).

export const importApi = new Hono<AppEnv>()
  .post('/import', allow('staff'), validate('query', ImportUploadQuery), async (c) => {
    const file = new Uint8Array(await c.req.arrayBuffer())
    if (file.length === 0) return apiError(c, 400, 'Choose a file to import.', { file: 'Choose a file' })
    const { fileName, siteUrl } = c.req.valid('query')
    const { checkImport } = await importService()
    const report = await checkImport(c.var.db, file, { fileName, siteUrl, userId: c.var.userId })
    return c.json<ImportReport>(report, 201)
  })
  .get('/import/:id', allow('staff'), validate('param', ImportRunId), async (c) => {
    const { getImportRun } = await importService()
    const report = await getImportRun(c.var.db, c.req.valid('param').id)
    if (!report) return apiError(c, 404, 'This import does not exist (any more).')
    return c.json<ImportReport>(report)
  })
  .post('/import/:id/start', allow('staff'), validate('param', ImportRunId), async (c) => {
    const { startImport } = await importService()
    return c.json<ImportReport>(await startImport(c.var.db, c.var.services.jobs, c.req.valid('param').id), 202)
  })
