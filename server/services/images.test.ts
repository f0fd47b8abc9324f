import { afterEach, describe, expect, test, vi } from 'vitest'
import { IMAGE_BYTES_MAX } from '#common/limits.ts'
import { InvalidInputError, PayloadTooLargeError } from '#server/services/errors.ts'
import { decodeDataUrl, sniffImage } from '#server/services/images.ts'

/** The given leading bytes, padded with zeros to `length`. */
function bytesOf(head: number[] | string, length = 32): Uint8Array {
  const start = typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head)
  const out = new Uint8Array(Math.max(length, start.length))
  out.set(start)
  return out
}

/** An ISO-BMFF file start: box size, 'ftyp', major brand, minor version, compatible brands. */
function ftyp(major: string, ...compatible: string[]): Uint8Array {
  const body = `ftyp${major}\0\0\0\0${compatible.join('')}`
  const size = 4 + body.length
  const head = Buffer.alloc(size)
  head.writeUInt32BE(size, 0)
  head.write(body, 4, 'latin1')
  return bytesOf([...head], 64)
}

describe('sniffImage', () => {
  test('recognises a JPEG by FF D8 FF', () => {
    expect(sniffImage(bytesOf([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg')
  })

  test('recognises a PNG by its eight-byte signature', () => {
    expect(sniffImage(bytesOf([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png')
  })

  test('recognises both GIF87a and GIF89a', () => {
    expect(sniffImage(bytesOf('GIF87a'))).toBe('gif')
    expect(sniffImage(bytesOf('GIF89a'))).toBe('gif')
  })

  test('recognises a WebP by RIFF….WEBP', () => {
    expect(sniffImage(bytesOf('RIFF\x24\x00\x00\x00WEBPVP8 '))).toBe('webp')
  })

  test('recognises an AVIF by its ftyp brand, major or compatible', () => {
    expect(sniffImage(ftyp('avif', 'mif1', 'miaf'))).toBe('avif')
    expect(sniffImage(ftyp('mif1', 'miaf', 'avif'))).toBe('avif')
    expect(sniffImage(ftyp('avis', 'msf1'))).toBe('avif')
  })

  test('refuses a HEIC, which shares the ftyp box but not the brand', () => {
    expect(sniffImage(ftyp('heic', 'mif1', 'heic'))).toBeNull()
  })

  test('refuses a RIFF file that is not WebP (a WAV)', () => {
    expect(sniffImage(bytesOf('RIFF\x24\x00\x00\x00WAVEfmt '))).toBeNull()
  })

  test('refuses SVG, with or without an XML declaration', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'
    expect(sniffImage(Buffer.from(svg))).toBeNull()
    expect(sniffImage(Buffer.from(`<?xml version="1.0"?>${svg}`))).toBeNull()
  })

  test('refuses HTML and plain text', () => {
    expect(sniffImage(Buffer.from('<!doctype html><html><body>hi</body></html>'))).toBeNull()
    expect(sniffImage(Buffer.from('just some words in a file called photo.png'))).toBeNull()
  })

  test('refuses empty input and input shorter than any signature check needs', () => {
    expect(sniffImage(new Uint8Array())).toBeNull()
    expect(sniffImage(Uint8Array.from([0xff, 0xd8, 0xff]))).toBeNull()
  })

  test('reads the signature of a view that starts inside a larger buffer', () => {
    const backing = new Uint8Array(100)
    backing.set(ftyp('avif', 'mif1'), 36)
    expect(sniffImage(backing.subarray(36))).toBe('avif')
  })
})

describe('decodeDataUrl', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  test('decodes a base64 data URL to its bytes', () => {
    const bytes = decodeDataUrl(`data:image/png;base64,${Buffer.from('hello image').toString('base64')}`, 'a.png')
    expect(Buffer.from(bytes).toString()).toBe('hello image')
  })

  test('accepts a data URL with parameters and no declared type', () => {
    const payload = Buffer.from([1, 2, 3, 4]).toString('base64')
    expect([...decodeDataUrl(`data:image/jpeg;name=a.jpg;base64,${payload}`, 'a.jpg')]).toEqual([1, 2, 3, 4])
    expect([...decodeDataUrl(`data:;base64,${payload}`, 'a.jpg')]).toEqual([1, 2, 3, 4])
  })

  test('ignores whitespace and line breaks inside the base64', () => {
    const payload = Buffer.from('line-wrapped base64 from an old encoder').toString('base64')
    const wrapped = payload.replace(/(.{8})/g, '$1\r\n ')
    expect(Buffer.from(decodeDataUrl(`data:image/gif;base64,${wrapped}`, 'a.gif')).toString()).toBe(
      'line-wrapped base64 from an old encoder',
    )
  })

  test('refuses a string that is not a base64 data URL', () => {
    for (const value of ['hello', 'https://example.com/a.png', 'data:image/png,rawbytes', 'data:image/png;base64']) {
      expect(() => decodeDataUrl(value, 'a.png')).toThrow(InvalidInputError)
    }
    expect(() => decodeDataUrl('hello', 'a.png')).toThrow(/base64 data URL/)
  })

  test('refuses characters outside the base64 alphabet and padding in the middle', () => {
    expect(() => decodeDataUrl('data:image/png;base64,abc$def', 'a.png')).toThrow('imageData is not valid base64.')
    expect(() => decodeDataUrl('data:image/png;base64,ab==cdef', 'a.png')).toThrow('imageData is not valid base64.')
    expect(() => decodeDataUrl('data:image/png;base64,abcd===', 'a.png')).toThrow('imageData is not valid base64.')
  })

  test('accepts 5,242,879 decoded bytes (under 5 MB), padded or not', () => {
    const payload = Buffer.alloc(IMAGE_BYTES_MAX - 1, 7).toString('base64')
    expect(payload.endsWith('=')).toBe(true)
    expect(decodeDataUrl(`data:image/jpeg;base64,${payload}`, 'max.jpg').length).toBe(IMAGE_BYTES_MAX - 1)
    const unpadded = payload.replace(/=+$/, '')
    expect(decodeDataUrl(`data:image/jpeg;base64,${unpadded}`, 'max.jpg').length).toBe(IMAGE_BYTES_MAX - 1)
  })

  test('refuses exactly 5,242,880 decoded bytes (docs/product.md §5: under 5 MB) with the SPEC wording, padded or not', () => {
    const payload = Buffer.alloc(IMAGE_BYTES_MAX, 7).toString('base64')
    expect(() => decodeDataUrl(`data:image/jpeg;base64,${payload}`, 'big.jpg')).toThrow(PayloadTooLargeError)
    expect(() => decodeDataUrl(`data:image/jpeg;base64,${payload}`, 'big.jpg')).toThrow(
      'big.jpg: Image must be smaller than 5MB',
    )
    const unpadded = payload.replace(/=+$/, '')
    expect(() => decodeDataUrl(`data:image/jpeg;base64,${unpadded}`, 'big.jpg')).toThrow(PayloadTooLargeError)
  })

  test('checks the size before decoding, so an oversized payload is never turned into bytes', () => {
    const dataUrl = `data:image/jpeg;base64,${'A'.repeat(8 * 1024 * 1024)}`
    const from = vi.spyOn(Buffer, 'from')
    expect(() => decodeDataUrl(dataUrl, 'huge.jpg')).toThrow('huge.jpg: Image must be smaller than 5MB')
    expect(from).not.toHaveBeenCalled()
    decodeDataUrl('data:image/jpeg;base64,AAAA', 'small.jpg')
    expect(from).toHaveBeenCalledTimes(1)
  })
})
