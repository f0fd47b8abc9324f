import { describe, expect, test } from 'vitest'
import { deviceOf, slugOfPath, visitorHash } from '#server/services/visits.ts'

describe('deviceOf', () => {
  test('phones are mobile, tablets tablet, computers and unknown agents desktop', () => {
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148')).toBe(
      'mobile',
    )
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36',
      ),
    ).toBe('mobile')
    expect(deviceOf('Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148')).toBe('tablet')
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0')).toBe('desktop')
    expect(deviceOf('curl-like/1.0')).toBe('desktop')
  })
})

describe('slugOfPath', () => {
  test('a post page names its slug; other pages none', () => {
    expect(slugOfPath('/blog/rewarded-video')).toBe('rewarded-video')
    expect(slugOfPath('/blog/rewarded-video/')).toBe('rewarded-video')
    expect(slugOfPath('/blog/caf%C3%A9')).toBe('café')
    expect(slugOfPath('/blog')).toBeNull()
    expect(slugOfPath('/blog/a/b')).toBeNull()
    expect(slugOfPath('/')).toBeNull()
    expect(slugOfPath('/blog/%E0%A4%A')).toBeNull()
  })
})

describe('visitorHash', () => {
  test('the same person on the same salt is one hash; another salt, IP, agent or site another', () => {
    const h = visitorHash('salt-1', '192.0.2.1', 'UA', 'vidquest.io')
    expect(h).toMatch(/^[0-9a-f]{16}$/)
    expect(visitorHash('salt-1', '192.0.2.1', 'UA', 'vidquest.io')).toBe(h)
    expect(visitorHash('salt-2', '192.0.2.1', 'UA', 'vidquest.io')).not.toBe(h)
    expect(visitorHash('salt-1', '192.0.2.2', 'UA', 'vidquest.io')).not.toBe(h)
    expect(visitorHash('salt-1', '192.0.2.1', 'UA2', 'vidquest.io')).not.toBe(h)
    expect(visitorHash('salt-1', '192.0.2.1', 'UA', 'other.site')).not.toBe(h)
  })
})
