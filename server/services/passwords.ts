import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

// scrypt cost: N=2^17, r=8, p=1, OWASP's minimum (128 MiB and about 0.3 s a hash on a 2-core
// machine). Node runs scrypt on libuv's 4 pool threads, so at most 4 hashes hold memory at once.
const N = 131_072
const R = 8
const P = 1
const KEY_LENGTH = 64
const MAXMEM = 128 * N * R * 2

function derive(password: string, salt: Buffer, n: number, r: number, p: number, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      length,
      { N: n, r, p, maxmem: Math.max(MAXMEM, 128 * n * r * 2) },
      (err, key) => (err ? reject(err) : resolve(key)),
    )
  })
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64; a fresh 16-byte salt per call. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, N, R, P, KEY_LENGTH)
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$')
}

/** A stored hash made with less than today's cost: re-hash it when the password is next proven. */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$')
  return scheme !== 'scrypt' || Number(n) < N || Number(r) < R || Number(p) < P
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number]
  const salt = Buffer.from(parts[4] as string, 'base64')
  const expected = Buffer.from(parts[5] as string, 'base64')
  if (!n || !r || !p || expected.length === 0) return false
  const actual = await derive(password, salt, n, r, p, expected.length)
  return timingSafeEqual(actual, expected)
}

let dummy: Promise<string> | undefined
/** Spends the same time as a real check, so an unknown username is not revealed by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'))
  await verifyPassword(password, await dummy)
}

/** A random password of 24 characters from a 62-letter alphabet (about 142 bits). */
export function randomPassword(length = 24): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'
  const out: string[] = []
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // Rejection sampling keeps every letter equally likely.
      if (byte < Math.floor(256 / alphabet.length) * alphabet.length && out.length < length) {
        out.push(alphabet[byte % alphabet.length] as string)
      }
    }
  }
  return out.join('')
}
