// `npm run admin -- create <user> [--role <role>]` / `npm run admin -- reset-password <user>` /
// `npm run admin -- reset-2fa <user>`. The password comes from ADMIN_PASSWORD when set, else a
// strong random one is printed once.

import { USERNAME_MAX } from '#common/limits.ts'
import { isRole, ROLE_LABELS, ROLES } from '#common/roles.ts'
import { withCliDatabase } from '#server/cli/database.ts'
import { recordActivity } from '#server/services/activity.ts'
import { randomPassword } from '#server/services/passwords.ts'
import { removeTwoFactor } from '#server/services/two-factor.ts'
import { createUser, findUser, setPassword } from '#server/services/users.ts'

const USAGE = `Usage: npm run admin -- create <username> [--role ${ROLES.join('|')}]
       npm run admin -- reset-password <username>
       npm run admin -- reset-2fa <username>
`

async function run(argv: string[]): Promise<number> {
  const [command, username, ...rest] = argv
  // Issue 28: --role for create (administrator when absent); the first account is always the owner.
  const roleAt = rest.indexOf('--role')
  const role = roleAt === -1 ? 'administrator' : rest[roleAt + 1]
  const extra = roleAt === -1 ? rest : rest.filter((_, i) => i !== roleAt && i !== roleAt + 1)
  if (!['create', 'reset-password', 'reset-2fa'].includes(command ?? '') || !username || extra.length > 0) {
    process.stderr.write(USAGE)
    return 2
  }
  if (!isRole(role) || (roleAt !== -1 && command !== 'create')) {
    process.stderr.write(`--role goes with create and is one of: ${ROLES.join(', ')}\n`)
    return 2
  }
  if (username.length > USERNAME_MAX || !/^[\w.@-]+$/.test(username)) {
    process.stderr.write(`The username must be 1-${USERNAME_MAX} letters, digits, or . _ @ -\n`)
    return 2
  }
  return withCliDatabase(async (database, config) => {
    // loadConfig has refused an ADMIN_PASSWORD shorter than PASSWORD_MIN, as it does for the server.
    const given = config.adminPassword
    const password = given ?? randomPassword()
    if (command === 'reset-2fa') {
      // Issue 28: the way back in for an owner who lost their phone and their recovery codes.
      const user = await findUser(database.db, username)
      if (!user) {
        process.stderr.write(`No user named "${username}".\n`)
        return 1
      }
      if (!(await removeTwoFactor(database.db, user.id))) {
        process.stdout.write(`"${username}" has no two-factor sign-in; nothing changed.\n`)
        return 0
      }
      await recordActivity(database.db, {
        kind: 'two-factor.reset',
        userId: null,
        object: { type: 'user', id: user.id, label: username },
        detail: 'from the command line',
      })
      process.stdout.write(
        `Two-factor sign-in reset for "${username}": they sign in with their password and set it up again.\n`,
      )
      return 0
    }
    if (command === 'create') {
      const created = await createUser(database.db, username, password, role)
      if (!created) {
        process.stderr.write(`A user named "${username}" already exists. Use reset-password to change it.\n`)
        return 1
      }
      process.stdout.write(`Created ${ROLE_LABELS[created.role].toLowerCase()} "${username}".\n`)
    } else {
      if (!(await setPassword(database.db, username, password))) {
        process.stderr.write(`No user named "${username}".\n`)
        return 1
      }
      process.stdout.write(`Password reset for "${username}"; their sessions were signed out.\n`)
    }
    if (given === undefined) process.stdout.write(`Password (shown once): ${password}\n`)
    return 0
  })
}

process.exitCode = await run(process.argv.slice(2))
