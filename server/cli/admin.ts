// `npm run admin -- create <user>` / `npm run admin -- reset-password <user>`
// The password comes from ADMIN_PASSWORD when set, else a strong random one is printed once.

import { USERNAME_MAX } from '#common/limits.ts'
import { type Config, ConfigError, loadConfig } from '#server/config.ts'
import { DataDirLockedError } from '#server/db/lock.ts'
import { migrateAndSetup } from '#server/db/migrate.ts'
import { openDatabase } from '#server/db/open.ts'
import { randomPassword } from '#server/services/passwords.ts'
import { createUser, setPassword } from '#server/services/users.ts'

const USAGE = 'Usage: npm run admin -- create <username>\n       npm run admin -- reset-password <username>\n'

async function run(argv: string[]): Promise<number> {
  const [command, username] = argv
  if ((command !== 'create' && command !== 'reset-password') || !username) {
    process.stderr.write(USAGE)
    return 2
  }
  if (username.length > USERNAME_MAX || !/^[\w.@-]+$/.test(username)) {
    process.stderr.write(`The username must be 1-${USERNAME_MAX} letters, digits, or . _ @ -\n`)
    return 2
  }
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    process.stderr.write(`${error.message}\n`)
    return 2
  }
  // loadConfig has refused an ADMIN_PASSWORD shorter than PASSWORD_MIN, as it does for the server.
  const given = config.adminPassword
  const password = given ?? randomPassword()
  let opened: Awaited<ReturnType<typeof openDatabase>>
  try {
    opened = await openDatabase(config)
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\nStop the server first, or run this against PostgreSQL.\n`)
      return 1
    }
    throw error
  }
  const { database, release } = opened
  try {
    await migrateAndSetup(database)
    if (command === 'create') {
      if (!(await createUser(database.db, username, password))) {
        process.stderr.write(`A user named "${username}" already exists. Use reset-password to change it.\n`)
        return 1
      }
      process.stdout.write(`Created admin "${username}".\n`)
    } else {
      if (!(await setPassword(database.db, username, password))) {
        process.stderr.write(`No user named "${username}".\n`)
        return 1
      }
      process.stdout.write(`Password reset for "${username}"; their sessions were signed out.\n`)
    }
    if (given === undefined) process.stdout.write(`Password (shown once): ${password}\n`)
    return 0
  } finally {
    await database.close()
    release()
  }
}

process.exitCode = await run(process.argv.slice(2))
