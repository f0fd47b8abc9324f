import { expect, test } from 'vitest'
import { parseCsv, toCsv } from '#common/csv.ts'

test('parseCsv reads what toCsv writes: quotes, commas, line breaks inside a cell, CRLF and a BOM', () => {
  const rows = [
    ['email', 'note'],
    ['a@example.com', 'Hello, "world"'],
    ['b@example.com', 'two\r\nlines'],
  ]
  expect(parseCsv(toCsv(rows))).toEqual([
    { line: 1, cells: ['email', 'note'] },
    { line: 2, cells: ['a@example.com', 'Hello, "world"'] },
    { line: 3, cells: ['b@example.com', 'two\r\nlines'] },
  ])
})

test('parseCsv numbers records by the line they start on, and takes a semicolon or tab file', () => {
  expect(parseCsv('email;name\n"x\ny";1\nz@example.com;2')).toEqual([
    { line: 1, cells: ['email', 'name'] },
    { line: 2, cells: ['x\ny', '1'] },
    { line: 4, cells: ['z@example.com', '2'] },
  ])
  expect(parseCsv('email\tname\na@example.com\tA\n')?.[1]?.cells).toEqual(['a@example.com', 'A'])
})

test('parseCsv refuses a quote that is never closed', () => {
  expect(parseCsv('email\n"a@example.com\n')).toBeNull()
})
