import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

// Issue 28: secrets kept in the database (TOTP secrets) are sealed with AES-256-GCM under a key
// derived from SECRET_KEY (or the generated key file, server/secret-key.ts). The stored form is
// 'v1.' + base64url(12-byte IV | 16-byte tag | ciphertext): a stolen database alone reveals none.

const VERSION = 'v1.'
const IV_BYTES = 12
const TAG_BYTES = 16

/** A sealed value could not be opened: the key changed since it was sealed, or the value was altered. */
export class SecretBoxError extends Error {}

/** The 32-byte AES key of the secret box, derived from SECRET_KEY (any length, at least 32 characters). */
export function deriveBoxKey(secretKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, 'videoquest-site', 'secret-box v1', 32))
}

export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
}

export function open(key: Buffer, sealed: string): string {
  if (!sealed.startsWith(VERSION)) throw new SecretBoxError('Not a sealed value.')
  const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url')
  if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('Not a sealed value.')
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES))
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8')
  } catch {
    throw new SecretBoxError('A stored secret cannot be opened with this SECRET_KEY.')
  }
}
