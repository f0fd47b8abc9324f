import { Hono } from 'hono'
import { SiteExportQuery } from '#common/contract/site-export.ts'
import type { AppEnv } from '#server/http/env.ts'
import { allow } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'

// Issue 31, "Export everything": GET /api/admin/export — the whole site's content as one zip, for
// those who manage the site (the same as the redirects screen).

export const exportFileName = (now = new Date()) => `vidquest-export-${now.toISOString().slice(0, 10)}.zip`

export const exportApi = new Hono<AppEnv>().get(
  '/export',
  allow('staff'),
  validate('query', SiteExportQuery),
  async (c) => {
    // Loaded on the first export, not at every start (its zip and front-matter libraries; decision 068).
    const { buildSiteExport } = await import('#server/services/export.ts')
    const zip = await buildSiteExport(c.var.db, {
      includeRevisions: c.req.valid('query').revisions === '1',
      publicUrl: c.var.config.publicUrl,
    })
    c.header('Content-Type', 'application/zip')
    c.header('Content-Disposition', `attachment; filename="${exportFileName()}"`)
    // Drafts and unpublished posts are in it: no cache may keep a copy.
    c.header('Cache-Control', 'no-store')
    return c.body(zip)
  },
)
