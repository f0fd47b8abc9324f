import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Config } from '#server/config.ts'
import type { Logger } from '#server/logger.ts'
import { deriveBoxKey } from '#server/services/secret-box.ts'

/** The file holding the generated key when SECRET_KEY is unset: in DATA_DIR, beside the database. */
export const secretKeyFile = (dataDir: string) => path.join(dataDir, 'secret-key')

/**
 * The key that seals secrets at rest (issue 28, two-factor sign-in): SECRET_KEY when set; else the
 * one generated at the first start and kept in DATA_DIR/secret-key (mode 600), so two-factor
 * sign-in works with no configuration. Several instances, or a database without its data folder,
 * need SECRET_KEY set to the same value everywhere (README).
 */
export function loadSecretKey(config: Pick<Config, 'secretKey' | 'dataDir'>, logger?: Pick<Logger, 'warn'>): Buffer {
  if (config.secretKey) return deriveBoxKey(config.secretKey)
  const file = secretKeyFile(config.dataDir)
  try {
    return deriveBoxKey(readFileSync(file, 'utf8').trim())
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  mkdirSync(config.dataDir, { recursive: true })
  const generated = randomBytes(32).toString('base64url')
  try {
    // 'wx': two processes starting at once keep the one written first.
    writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' })
    logger?.warn(
      { file },
      'SECRET_KEY is not set: generated one and kept it beside the data (set SECRET_KEY in production)',
    )
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return deriveBoxKey(readFileSync(file, 'utf8').trim())
}
