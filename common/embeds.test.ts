import { describe, expect, test } from 'vitest'
import { EMBED_FRAME_HOSTS, embedFrameSrc, embedLink, parseEmbedUrl } from '#common/embeds.ts'

const ID = 'dQw4w9WgXcQ'

describe('parseEmbedUrl: YouTube', () => {
  test.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/watch?feature=share&v=${ID}&list=PL123`,
    `https://www.youtube.com/watch/?v=${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=abcDEF123`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://youtube.com/shorts/${ID}/`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/live/${ID}`,
    `https://WWW.YouTube.com/watch?v=${ID}`,
  ])('%s is the video', (url) => {
    expect(parseEmbedUrl(url)).toEqual({ kind: 'youtube', id: ID })
  })

  test.each([
    [`https://youtu.be/${ID}?t=90`, 90],
    [`https://youtu.be/${ID}?t=90s`, 90],
    [`https://www.youtube.com/watch?v=${ID}&t=1m30s`, 90],
    [`https://www.youtube.com/watch?v=${ID}&t=1h2m3s`, 3723],
    [`https://www.youtube.com/embed/${ID}?start=42`, 42],
    [`https://www.youtube.com/shorts/${ID}?t=5`, 5],
  ])('%s starts at %i s', (url, start) => {
    expect(parseEmbedUrl(url)).toEqual({ kind: 'youtube', id: ID, start })
  })

  test.each([
    `https://youtu.be/${ID}?t=abc`,
    `https://youtu.be/${ID}?t=0`,
    `https://youtu.be/${ID}?t=-5`,
    `https://youtu.be/${ID}?t=999999`,
  ])('%s has no start time (a bad one is ignored, the video kept)', (url) => {
    expect(parseEmbedUrl(url)).toEqual({ kind: 'youtube', id: ID })
  })

  test.each([
    'https://www.youtube.com/',
    'https://www.youtube.com/watch',
    'https://www.youtube.com/watch?v=',
    'https://www.youtube.com/watch?v=short',
    `https://www.youtube.com/watch?v=${ID}x`,
    `https://www.youtube.com/watch?v=${ID.slice(0, 10)}"`,
    'https://www.youtube.com/watch?v=%22%3E%3Cscript%3E',
    'https://youtu.be/"><script>alert(1)</script>',
    `https://youtu.be/${ID}/extra`,
    `https://youtu.be/`,
    `https://www.youtube.com/channel/UC${ID}`,
    `https://www.youtube.com/@somebody`,
    `https://www.youtube.com/playlist?list=PL${ID}`,
    `https://www.youtube.com/shorts/${ID}/more`,
    `https://notyoutube.com/watch?v=${ID}`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `https://evil.example/youtu.be/${ID}`,
    `https://music.youtube.com/watch?v=${ID}`,
    `https://user:pass@www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com:8443/watch?v=${ID}`,
    `javascript://www.youtube.com/watch?v=${ID}`,
    `ftp://youtu.be/${ID}`,
    `youtu.be/${ID}`,
    `https://youtu.be/${ID} trailing words`,
    '',
    'not a url',
  ])('%s is not an embed', (url) => {
    expect(parseEmbedUrl(url)).toBeNull()
  })
})

describe('parseEmbedUrl: X', () => {
  test.each([
    'https://x.com/jack/status/20',
    'https://www.x.com/jack/status/20',
    'https://twitter.com/jack/status/20',
    'https://www.twitter.com/jack/status/20',
    'https://mobile.twitter.com/jack/status/20',
    'https://mobile.x.com/jack/status/20',
    'http://twitter.com/jack/status/20/',
    'https://x.com/jack/status/20?s=20&t=abc',
  ])('%s is the post', (url) => {
    expect(parseEmbedUrl(url)).toEqual({ kind: 'x', user: 'jack', id: '20' })
  })

  test('keeps the name as written and a 19-digit id', () => {
    expect(parseEmbedUrl('https://x.com/Some_User_15chr/status/1790000000000000001')).toEqual({
      kind: 'x',
      user: 'Some_User_15chr',
      id: '1790000000000000001',
    })
  })

  test.each([
    'https://x.com/jack',
    'https://x.com/jack/status',
    'https://x.com/jack/status/',
    'https://x.com/jack/status/abc',
    'https://x.com/jack/status/020',
    'https://x.com/jack/status/12345678901234567890',
    'https://x.com/jack/status/20/photo/1',
    'https://x.com/jack/statuses/20',
    'https://x.com/this_name_is_too_long/status/20',
    'https://x.com/ja-ck/status/20',
    'https://x.com/i/status/20',
    'https://x.com/home/status/20',
    'https://x.com/jack/status/20%22%3E',
    'https://x.com.evil.example/jack/status/20',
    'https://evil.example/x.com/jack/status/20',
    'https://xx.com/jack/status/20',
  ])('%s is not an embed', (url) => {
    expect(parseEmbedUrl(url)).toBeNull()
  })
})

describe('embed addresses', () => {
  test('the plain link is the canonical page, with the start time', () => {
    expect(embedLink({ kind: 'youtube', id: ID })).toBe(`https://www.youtube.com/watch?v=${ID}`)
    expect(embedLink({ kind: 'youtube', id: ID, start: 90 })).toBe(`https://www.youtube.com/watch?v=${ID}&t=90s`)
    expect(embedLink({ kind: 'x', user: 'jack', id: '20' })).toBe('https://x.com/jack/status/20')
  })

  test('the frame is the no-cookie player or X post frame, on the hosts the policy allows', () => {
    const youtube = embedFrameSrc({ kind: 'youtube', id: ID, start: 90 })
    const x = embedFrameSrc({ kind: 'x', user: 'jack', id: '20' })
    expect(youtube).toBe(`https://www.youtube-nocookie.com/embed/${ID}?autoplay=1&rel=0&start=90`)
    expect(x).toBe('https://platform.twitter.com/embed/Tweet.html?id=20&dnt=true')
    for (const src of [youtube, x]) expect(EMBED_FRAME_HOSTS.some((host) => src.startsWith(`${host}/`))).toBe(true)
  })
})
