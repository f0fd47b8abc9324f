// `npm run export -- [--revisions] [--out FILE]` (issue 31): the whole site's content as one zip,
// the same as /api/admin/export, for an operator with shell access (or a site they cannot sign in to).

import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { withCliDatabase } from '#server/cli/database.ts'
import { buildSiteExportWithCounts } from '#server/services/export.ts'

const USAGE = 'Usage: npm run export -- [--revisions] [--out FILE]\n'

async function run(argv: string[]): Promise<number> {
  let includeRevisions = false
  let out: string | undefined
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--revisions') includeRevisions = true
    else if (arg === '--out' && argv[i + 1] && !argv[i + 1]?.startsWith('--')) out = argv[++i]
    else {
      process.stderr.write(USAGE)
      return 2
    }
  }
  const file = path.resolve(out ?? `vidquest-export-${new Date().toISOString().slice(0, 10)}.zip`)
  return withCliDatabase(async (database, config) => {
    const { zip, counts } = await buildSiteExportWithCounts(database.db, {
      includeRevisions,
      publicUrl: config.publicUrl,
    })
    writeFileSync(file, zip)
    process.stdout.write(
      `Wrote ${file}\n${counts.posts} posts, ${counts.images} images, ${counts.redirects} redirects` +
        `${includeRevisions ? `, ${counts.revisions} revisions` : ''}\n`,
    )
    return 0
  })
}

process.exitCode = await run(process.argv.slice(2))
