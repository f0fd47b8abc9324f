import { describe, expect, test } from 'vitest'
import { csvCell, csvFileName, submissionsCsv, toCsv } from '#app/features/admin/csv.ts'
import { X_LINK_TOUCH } from '#tests/fixtures/touches.ts'

describe('csvCell', () => {
  test('plain text stays as it is', () => {
    expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace')
    expect(csvCell(42)).toBe('42')
    expect(csvCell(null)).toBe('')
  })

  test('commas, quotes and line breaks are quoted, quotes doubled', () => {
    expect(csvCell('Acme, Inc.')).toBe('"Acme, Inc."')
    expect(csvCell('She said "hi"')).toBe('"She said ""hi"""')
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"')
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"')
  })

  test('cells a spreadsheet would run as a formula get a leading apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"')
    expect(csvCell('+1 555 0100')).toBe("'+1 555 0100")
    expect(csvCell('-2+3')).toBe("'-2+3")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('\tcmd')).toBe("'\tcmd")
    expect(csvCell('a=b')).toBe('a=b')
  })
})

test('a file is rows joined with CRLF after a byte order mark', () => {
  expect(
    toCsv([
      ['a', 'b'],
      ['c', 'd'],
    ]),
  ).toBe('\uFEFFa,b\r\nc,d\r\n')
})

const HEADER =
  'Received,Name,Email,Company,Message,Landing page,Referrer,UTM source,UTM medium,UTM campaign,X post id,Post id,Post title'

test('submissions export with a header row and every field; no attribution leaves its columns empty', () => {
  const csv = submissionsCsv([
    {
      id: 1,
      name: 'Ada',
      email: 'ada@example.com',
      company: null,
      message: 'Hello,\nworld',
      createdAt: '2026-11-21T10:00:00.000Z',
      attribution: null,
    },
  ])
  expect(csv).toBe(`\uFEFF${HEADER}\r\n2026-11-21T10:00:00.000Z,Ada,ada@example.com,,"Hello,\nworld",,,,,,,,\r\n`)
})

test('a lead that came through an X post exports its landing page, campaign, X post and post', () => {
  const csv = submissionsCsv([
    {
      id: 2,
      name: 'Bo',
      email: 'bo@example.com',
      company: 'Acme',
      message: 'Hi',
      createdAt: '2026-11-22T09:30:00.000Z',
      attribution: { ...X_LINK_TOUCH, channel: 'x', postId: 7, postTitle: 'Rewarded video, or interstitials?' },
    },
  ])
  expect(csv.split('\r\n')[1]).toBe(
    '2026-11-22T09:30:00.000Z,Bo,bo@example.com,Acme,Hi,/blog/rewarded-video,t.co,x,social,x-post-12,12,7,"Rewarded video, or interstitials?"',
  )
})

test('the file name carries the local date', () => {
  expect(csvFileName(new Date(2026, 0, 5, 12))).toBe('contact-submissions-2026-01-05.csv')
})
