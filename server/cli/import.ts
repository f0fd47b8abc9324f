// `npm run import -- <file> [--dry-run]`: the same import as /admin/import (issue 31,
// docs/decisions/065): the file is checked and reported first; without --dry-run it is then imported
// here, item by item, and the report of what was done is printed.

import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import {
  IMPORT_FILE_MAX,
  IMPORT_FILE_MAX_LABEL,
  type ImportReport,
  ImportUploadQuery,
} from '#common/contract/import.ts'
import { withCliDatabase } from '#server/cli/database.ts'
import { startJobs } from '#server/jobs/queue.ts'
import { createLogger } from '#server/logger.ts'
import { DomainError } from '#server/services/errors.ts'
import { checkImport, getImportRun, runImport, startImport } from '#server/services/import/run.ts'

const USAGE =
  'Usage: npm run import -- <file.xml|file.json|file.zip> [--site https://old.example.com] [--dry-run]\n' +
  '  --site: the old site’s address, for a Ghost export or a Markdown zip (a WordPress export says its own)\n'

function printReport(report: ImportReport) {
  const { counts } = report
  process.stdout.write(
    `${report.fileName}: ${report.format}${report.siteUrl ? ` from ${report.siteUrl}` : ''}\n` +
      `  ${counts.new} new, ${counts.existing} already here, ${counts.skipped} skipped, ${counts.warnings} warnings\n`,
  )
  for (const item of report.skipped) process.stdout.write(`  skipped ${item.title || item.sourceId}: ${item.reason}\n`)
  for (const item of report.items) {
    for (const warning of item.warnings) process.stdout.write(`  warning ${item.title}: ${warning}\n`)
  }
}

async function run(argv: string[]): Promise<number> {
  const dryRun = argv.includes('--dry-run')
  const siteAt = argv.indexOf('--site')
  const site = siteAt === -1 ? undefined : (argv[siteAt + 1] ?? '')
  const files = argv.filter((a, i) => a !== '--dry-run' && (siteAt === -1 || (i !== siteAt && i !== siteAt + 1)))
  const siteUrl = ImportUploadQuery.shape.siteUrl.safeParse(site)
  if (!siteUrl.success) {
    process.stderr.write(`--site: ${siteUrl.error.issues[0]?.message}\n`)
    return 2
  }
  const [file] = files
  if (!file || files.length !== 1 || file.startsWith('--')) {
    process.stderr.write(USAGE)
    return 2
  }
  let size: number
  try {
    size = statSync(file).size
  } catch {
    process.stderr.write(`No such file: ${file}\n`)
    return 2
  }
  if (size > IMPORT_FILE_MAX) {
    process.stderr.write(`The file is larger than ${IMPORT_FILE_MAX_LABEL}.\n`)
    return 2
  }
  return withCliDatabase(async (database, config) => {
    const logger = createLogger(config.logLevel)
    // Jobs are only added here (a scheduled post's publication); the server runs them.
    const jobs = startJobs(database, config, logger, { work: false })
    try {
      let report: ImportReport
      try {
        report = await checkImport(database.db, new Uint8Array(readFileSync(file)), {
          fileName: path.basename(file),
          siteUrl: siteUrl.data,
        })
      } catch (error) {
        if (!(error instanceof DomainError)) throw error
        process.stderr.write(`${error.message}\n`)
        return 1
      }
      printReport(report)
      if (dryRun) {
        process.stdout.write('Dry run: nothing was imported.\n')
        return 0
      }
      await startImport(database.db, jobs, report.id)
      await runImport(database.db, jobs, report.id, { logger })
      const result = (await getImportRun(database.db, report.id))?.result
      if (!result) return 1
      process.stdout.write(
        `Imported: ${result.created} created, ${result.existing} already here, ${result.failed} failed; ` +
          `${result.imagesStored} images stored, ${result.imagesFailed} could not be fetched; ${result.redirects} redirects.\n`,
      )
      for (const problem of result.problems) process.stdout.write(`  problem ${problem.title}: ${problem.message}\n`)
      return result.failed > 0 ? 1 : 0
    } finally {
      await jobs.stop()
    }
  })
}

process.exitCode = await run(process.argv.slice(2))
