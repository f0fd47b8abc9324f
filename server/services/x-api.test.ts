import { describe, expect, test } from 'vitest'
import { oauthHeader, percentEncode, signatureBaseString } from '#server/services/x-api.ts'

// The worked example of X's (Twitter's) "Creating a signature" guide for OAuth 1.0a.
const credentials = {
  apiKey: 'xvz1evFS4wEEPTGEFPHBog',
  apiSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
  accessToken: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
  accessTokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
}
const request = {
  method: 'POST',
  url: 'https://api.twitter.com/1.1/statuses/update.json?include_entities=true',
  bodyParams: { status: 'Hello Ladies + Gentlemen, a signed OAuth request!' },
}
const fixed = { nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg', timestamp: 1318622958 }

function parseHeader(header: string): Record<string, string> {
  expect(header.startsWith('OAuth ')).toBe(true)
  return Object.fromEntries(
    header
      .slice(6)
      .split(', ')
      .map((pair) => {
        const m = /^([\w]+)="([^"]*)"$/.exec(pair)
        if (!m) throw new Error(`bad pair ${pair}`)
        return [m[1] as string, decodeURIComponent(m[2] as string)]
      }),
  )
}

describe('OAuth 1.0a', () => {
  test('percent-encodes as RFC 3986 (reserved characters, spaces as %20, UTF-8)', () => {
    expect(percentEncode("Ladies + Gentlemen!*'()")).toBe('Ladies%20%2B%20Gentlemen%21%2A%27%28%29')
    expect(percentEncode('☃')).toBe('%E2%98%83')
    expect(percentEncode('a-b.c_d~')).toBe('a-b.c_d~')
  })

  test('the signature base string matches the documented example', () => {
    const params: [string, string][] = [
      ['include_entities', 'true'],
      ['status', request.bodyParams.status],
      ['oauth_consumer_key', credentials.apiKey],
      ['oauth_nonce', fixed.nonce],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', String(fixed.timestamp)],
      ['oauth_token', credentials.accessToken],
      ['oauth_version', '1.0'],
    ]
    expect(signatureBaseString('post', request.url, params)).toBe(
      'POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json&include_entities%3Dtrue%26oauth_consumer_key%3Dxvz1evFS4wEEPTGEFPHBog%26oauth_nonce%3DkYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1318622958%26oauth_token%3D370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb%26oauth_version%3D1.0%26status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521',
    )
  })

  test('the HMAC-SHA1 signature matches the documented example', () => {
    const fields = parseHeader(oauthHeader(credentials, request, fixed))
    expect(fields.oauth_signature).toBe('hCtSmYh+iHYCEqBWrE7C7hYmtUk=')
    expect(fields).toMatchObject({
      oauth_consumer_key: credentials.apiKey,
      oauth_token: credentials.accessToken,
      oauth_signature_method: 'HMAC-SHA1',
      oauth_version: '1.0',
      oauth_timestamp: '1318622958',
      oauth_nonce: fixed.nonce,
    })
  })

  test('each header gets a fresh nonce and the current time', () => {
    const a = parseHeader(oauthHeader(credentials, { method: 'POST', url: 'https://api.x.com/2/tweets' }))
    const b = parseHeader(oauthHeader(credentials, { method: 'POST', url: 'https://api.x.com/2/tweets' }))
    expect(a.oauth_nonce).not.toBe(b.oauth_nonce)
    expect(Math.abs(Number(a.oauth_timestamp) - Date.now() / 1000)).toBeLessThan(5)
  })
})
