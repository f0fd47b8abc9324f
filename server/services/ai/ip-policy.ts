import { isIP } from 'node:net'

/**
 * Which addresses a fetch on an admin's behalf may connect to: public unicast only. Everything
 * that reaches this machine, the local network, a cloud metadata service or a special-purpose
 * range is refused, including IPv6 forms that embed such an IPv4 address.
 * docs/decisions/009-ssrf-safe-fetching.md
 */

type V4 = [number, number, number, number]

/** IPv4 ranges that are not public unicast (RFC 6890 and friends): [network, prefix]. */
const V4_BLOCKED: ReadonlyArray<readonly [V4, number, string]> = [
  [[0, 0, 0, 0], 8, 'this network'],
  [[10, 0, 0, 0], 8, 'private network'],
  [[100, 64, 0, 0], 10, 'carrier-grade NAT'],
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'link-local, cloud metadata'],
  [[172, 16, 0, 0], 12, 'private network'],
  [[192, 0, 0, 0], 24, 'IETF protocol assignments'],
  [[192, 0, 2, 0], 24, 'documentation'],
  [[192, 31, 196, 0], 24, 'AS112'],
  [[192, 52, 193, 0], 24, 'AMT'],
  [[192, 88, 99, 0], 24, '6to4 relay'],
  [[192, 168, 0, 0], 16, 'private network'],
  [[192, 175, 48, 0], 24, 'AS112'],
  [[198, 18, 0, 0], 15, 'benchmarking'],
  [[198, 51, 100, 0], 24, 'documentation'],
  [[203, 0, 113, 0], 24, 'documentation'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[240, 0, 0, 0], 4, 'reserved'],
]

export function parseIpv4(text: string): V4 | null {
  const parts = text.split('.')
  if (parts.length !== 4) return null
  const bytes = parts.map((p) => (/^(?:0|[1-9]\d{0,2})$/.test(p) ? Number(p) : Number.NaN))
  if (bytes.some((b) => !(b >= 0 && b <= 255))) return null
  return bytes as V4
}

const v4Number = (b: V4) => ((b[0] << 24) >>> 0) + (b[1] << 16) + (b[2] << 8) + b[3]

function v4Blocked(b: V4): string | null {
  const n = v4Number(b)
  for (const [net, prefix, why] of V4_BLOCKED) {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0
    if ((n & mask) >>> 0 === (v4Number(net) & mask) >>> 0) return why
  }
  return null
}

/** 16 bytes of an IPv6 address (with or without an embedded dotted IPv4 tail), or null. */
export function parseIpv6(text: string): Uint8Array | null {
  if (text.includes('%') || isIP(text) !== 6) return null
  let s = text.toLowerCase()
  const lastColon = s.lastIndexOf(':')
  const tail = s.slice(lastColon + 1)
  if (tail.includes('.')) {
    const v4 = parseIpv4(tail)
    if (!v4) return null
    s = `${s.slice(0, lastColon + 1)}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`
  }
  const halves = s.split('::')
  if (halves.length > 2) return null
  const left = halves[0] ? halves[0].split(':') : []
  const right = halves.length === 2 && halves[1] ? halves[1].split(':') : []
  const missing = 8 - left.length - right.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null
  const groups = [...left, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...right]
  const bytes = new Uint8Array(16)
  for (let i = 0; i < 8; i++) {
    const g = groups[i] ?? ''
    if (!/^[0-9a-f]{1,4}$/.test(g)) return null
    const v = Number.parseInt(g, 16)
    bytes[i * 2] = v >> 8
    bytes[i * 2 + 1] = v & 0xff
  }
  return bytes
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], bits: number) => {
  for (let bit = 0; bit < bits; bit++) {
    const byte = bit >> 3
    const mask = 0x80 >> (bit & 7)
    if (((bytes[byte] ?? 0) & mask) !== ((prefix[byte] ?? 0) & mask)) return false
  }
  return true
}

const embeddedV4 = (bytes: Uint8Array, at: number): V4 => [
  bytes[at] ?? 0,
  bytes[at + 1] ?? 0,
  bytes[at + 2] ?? 0,
  bytes[at + 3] ?? 0,
]

function v6Blocked(bytes: Uint8Array): string | null {
  // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (IPv4-compatible, also :: and ::1)
  if (startsWith(bytes, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96)) {
    return v4Blocked(embeddedV4(bytes, 12)) ? `IPv4-mapped ${v4Blocked(embeddedV4(bytes, 12))}` : null
  }
  if (startsWith(bytes, [], 96)) return 'IPv6 loopback, unspecified or IPv4-compatible'
  // NAT64 well-known prefix: the IPv4 address inside decides.
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b], 96)) {
    const why = v4Blocked(embeddedV4(bytes, 12))
    return why ? `NAT64 ${why}` : null
  }
  // 6to4: 2002:AABB:CCDD::/48 carries the IPv4 address AA.BB.CC.DD.
  if (startsWith(bytes, [0x20, 0x02], 16)) {
    const why = v4Blocked(embeddedV4(bytes, 2))
    return why ? `6to4 ${why}` : null
  }
  // Only global unicast (2000::/3) is public; fc00::/7, fe80::/10, ff00::/8 and the rest are not.
  if (!startsWith(bytes, [0x20], 3)) return 'IPv6 private, link-local, multicast or reserved'
  if (startsWith(bytes, [0x20, 0x01, 0x00, 0x00], 23)) return 'IETF protocol assignments (Teredo and others)'
  if (startsWith(bytes, [0x20, 0x01, 0x0d, 0xb8], 32)) return 'documentation'
  if (startsWith(bytes, [0x3f, 0xff], 20)) return 'documentation'
  return null
}

/** Why an IP address must not be fetched from, or null when it is public. Non-IPs are refused. */
export function blockedReason(address: string): string | null {
  const v4 = parseIpv4(address)
  if (v4) return v4Blocked(v4)
  const v6 = parseIpv6(address.replace(/^\[|\]$/g, ''))
  if (v6) return v6Blocked(v6)
  return 'not an IP address'
}

export const isPublicAddress = (address: string) => blockedReason(address) === null
