const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/**
 * The demo's voucher code: derived from what the viewer typed, so it looks personal, yet made
 * in the browser and never stored or sent anywhere.
 */
export function demoRewardCode(name: string, email: string): string {
  let hash = 2166136261
  for (const ch of `${name.trim().toLowerCase()}|${email.trim().toLowerCase()}`) {
    hash ^= ch.codePointAt(0) ?? 0
    hash = Math.imul(hash, 16777619) >>> 0
  }
  let suffix = ''
  for (let i = 0; i < 4; i++) {
    suffix += ALPHABET[hash % ALPHABET.length]
    hash = Math.floor(hash / ALPHABET.length)
  }
  return `NOVA-20-${suffix}`
}
