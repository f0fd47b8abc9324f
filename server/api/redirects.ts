import { Hono } from 'hono'
import {
  type Redirect,
  RedirectId,
  RedirectImportInput,
  type RedirectImportResult,
  RedirectInput,
  type RedirectList,
  RedirectListQuery,
} from '#common/contract/redirects.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { allow } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import {
  createRedirect,
  deleteRedirect,
  importRedirectsCsv,
  listRedirects,
  redirectsCsv,
  updateRedirect,
} from '#server/services/redirects.ts'

// Issue 31: /api/admin/redirects… — the old addresses this site answers with a 301, for those who
// manage the site's settings (docs/decisions/065-import-and-redirects.md).

export const redirectsApi = new Hono<AppEnv>()
  .get('/redirects', allow('staff'), validate('query', RedirectListQuery), async (c) =>
    c.json<RedirectList>(await listRedirects(c.var.db, c.req.valid('query'))),
  )
  .get('/redirects.csv', allow('staff'), validate('query', RedirectListQuery), async (c) => {
    const csv = await redirectsCsv(c.var.db, c.req.valid('query').q)
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="redirects-${new Date().toISOString().slice(0, 10)}.csv"`)
    return c.body(csv)
  })
  .post('/redirects', allow('staff'), validate('json', RedirectInput), async (c) => {
    const redirect = await createRedirect(c.var.db, c.req.valid('json'), {
      userId: c.var.userId,
      publicUrl: c.var.config.publicUrl,
    })
    return c.json<{ redirect: Redirect }>({ redirect }, 201)
  })
  .post('/redirects/import', allow('staff'), validate('json', RedirectImportInput), async (c) =>
    c.json<RedirectImportResult>(
      await importRedirectsCsv(c.var.db, c.req.valid('json').csv, {
        userId: c.var.userId,
        publicUrl: c.var.config.publicUrl,
      }),
    ),
  )
  .put('/redirects/:id', allow('staff'), validate('param', RedirectId), validate('json', RedirectInput), async (c) => {
    const redirect = await updateRedirect(c.var.db, c.req.valid('param').id, c.req.valid('json'), {
      userId: c.var.userId,
      publicUrl: c.var.config.publicUrl,
    })
    return c.json<{ redirect: Redirect }>({ redirect })
  })
  .delete('/redirects/:id', allow('staff'), validate('param', RedirectId), async (c) => {
    if (!(await deleteRedirect(c.var.db, c.req.valid('param').id)))
      return apiError(c, 404, 'This redirect does not exist (any more).')
    return c.json({ deleted: true as const })
  })
