/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled.
 * A cell a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
 * return) gets a leading apostrophe, so a visitor's message can never execute in Excel or Sheets.
 * One rule for every export: the contact inbox (built in the browser) and the activity log (server).
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** Rows joined with CRLF, as RFC 4180 says; a byte order mark so Excel reads UTF-8. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`
}

export interface CsvRecord {
  /** The 1-based line of the file the record starts on. */
  line: number
  cells: string[]
}

/**
 * Reads CSV text (RFC 4180: quoted cells, doubled quotes, CRLF or LF, line breaks inside quotes).
 * The delimiter is the first line's: a comma, else a semicolon or a tab (spreadsheets in some
 * languages write those). A leading byte order mark is dropped. Null when a quote is never closed.
 */
export function parseCsv(input: string): CsvRecord[] | null {
  const text = input.replace(/^\uFEFF/, '')
  const firstLine = text.slice(0, text.search(/\r?\n|$/))
  const delimiter = firstLine.includes(',')
    ? ','
    : firstLine.includes(';')
      ? ';'
      : firstLine.includes('\t')
        ? '\t'
        : ','
  const records: CsvRecord[] = []
  let cells: string[] = []
  let cell = ''
  let line = 1
  let start = 1
  let quoted = false
  let i = 0
  const endRecord = () => {
    cells.push(cell)
    records.push({ line: start, cells })
    cells = []
    cell = ''
  }
  while (i < text.length) {
    const ch = text[i] as string
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"'
          i += 2
          continue
        }
        quoted = false
      } else {
        if (ch === '\n') line += 1
        cell += ch
      }
      i += 1
      continue
    }
    if (ch === '"' && cell === '') quoted = true
    else if (ch === delimiter) {
      cells.push(cell)
      cell = ''
    } else if (ch === '\n' || (ch === '\r' && text[i + 1] === '\n')) {
      endRecord()
      if (ch === '\r') i += 1
      line += 1
      start = line
    } else cell += ch
    i += 1
  }
  if (quoted) return null
  if (cell !== '' || cells.length > 0) endRecord()
  return records
}
