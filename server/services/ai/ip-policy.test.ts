import { describe, expect, test } from 'vitest'
import { blockedReason, isPublicAddress, parseIpv6 } from '#server/services/ai/ip-policy.ts'

const REFUSED: Record<'IPv4' | 'IPv6', [address: string, why: string][]> = {
  IPv4: [
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private network'],
    ['172.16.0.1', 'private network'],
    ['172.31.255.255', 'private network'],
    ['192.168.1.1', 'private network'],
    ['169.254.169.254', 'link-local, cloud metadata'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['0.0.0.0', 'this network'],
    ['0.1.2.3', 'this network'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
  ],
  IPv6: [
    ['::1', 'IPv6 loopback, unspecified or IPv4-compatible'],
    ['::', 'IPv6 loopback, unspecified or IPv4-compatible'],
    ['fc00::1', 'IPv6 private, link-local, multicast or reserved'],
    ['fd12:3456:789a::1', 'IPv6 private, link-local, multicast or reserved'],
    ['fe80::1', 'IPv6 private, link-local, multicast or reserved'],
    ['ff02::1', 'IPv6 private, link-local, multicast or reserved'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private network'],
    ['::ffff:169.254.169.254', 'IPv4-mapped link-local, cloud metadata'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 link-local, cloud metadata'],
    ['2002:7f00:1::1', '6to4 loopback'],
    ['2001:db8::1', 'documentation'],
    ['2001:0:4136:e378::1', 'IETF protocol assignments (Teredo and others)'],
    ['[::1]', 'IPv6 loopback, unspecified or IPv4-compatible'],
  ],
}

describe('blockedReason', () => {
  for (const [family, cases] of Object.entries(REFUSED)) {
    test.each(cases)(`refuses the ${family} address %s (%s)`, (address, why) => {
      expect(blockedReason(address)).toBe(why)
    })
  }

  test.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '192.169.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82a::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('allows the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })

  test('refuses anything that is not an IP address', () => {
    expect(blockedReason('localhost')).toBe('not an IP address')
    expect(blockedReason('1.2.3')).toBe('not an IP address')
    expect(blockedReason('fe80::1%eth0')).toBe('not an IP address')
  })
})

test('parseIpv6 expands :: and a dotted IPv4 tail into 16 bytes', () => {
  expect([...(parseIpv6('::ffff:1.2.3.4') ?? [])]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 1, 2, 3, 4])
  expect([...(parseIpv6('2001:db8::1') ?? [])]).toEqual([0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])
  expect(parseIpv6('1::2::3')).toBeNull()
})
