import { describe, expect, test } from 'vitest'
import {
  inPickOrder,
  MAX_IMAGES_MESSAGE,
  PROCESS_FAILED_MESSAGE,
  processImageFiles,
  screenImageFiles,
} from '#app/features/editor/image-files.ts'

const file = (name: string, type = 'image/png', size = 10) => new File([new Uint8Array(size)], name, { type })

describe('screenImageFiles', () => {
  test('keeps images under 5 MB while there is room and names each refused file', () => {
    const { accepted, refused } = screenImageFiles(
      [file('a.png'), file('notes.txt', 'text/plain'), file('huge.png', 'image/png', 5_242_880), file('b.jpg')],
      5,
    )
    expect(accepted.map((f) => f.name)).toEqual(['a.png', 'b.jpg'])
    expect(refused).toEqual(['notes.txt: Only image files are allowed', 'huge.png: Image must be smaller than 5MB'])
  })

  test('an image of 5242879 bytes is accepted; exactly 5242880 is not under 5 MB (docs/product.md §5)', () => {
    expect(screenImageFiles([file('edge.png', 'image/png', 5_242_879)], 5).accepted).toHaveLength(1)
    expect(screenImageFiles([file('edge.png', 'image/png', 5_242_880)], 5).refused).toEqual([
      'edge.png: Image must be smaller than 5MB',
    ])
  })

  test('files past the room left are refused with one Maximum 5 images allowed', () => {
    const { accepted, refused } = screenImageFiles([file('1.png'), file('2.png'), file('3.png'), file('4.png')], 2)
    expect(accepted.map((f) => f.name)).toEqual(['1.png', '2.png'])
    expect(refused).toEqual([MAX_IMAGES_MESSAGE])
    expect(MAX_IMAGES_MESSAGE).toBe('Maximum 5 images allowed')
  })
})

describe('processImageFiles', () => {
  test('reports the refusals once and uploads the accepted files side by side', async () => {
    const reports: string[][] = []
    const started: string[] = []
    let finish: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      finish = resolve
    })
    const done = processImageFiles(
      [file('a.png'), file('x.txt', 'text/plain'), file('b.png')],
      5,
      async (f) => {
        started.push(f.name)
        await gate
      },
      (m) => reports.push(m),
    )
    // Both uploads are under way before either finishes.
    await Promise.resolve()
    expect(started).toEqual(['a.png', 'b.png'])
    finish()
    await done
    expect(reports).toEqual([['x.txt: Only image files are allowed']])
  })

  test('a failure no upload handled ends the batch with Failed to process images', async () => {
    const reports: string[][] = []
    await processImageFiles(
      [file('a.png')],
      5,
      () => Promise.reject(new TypeError('form is gone')),
      (m) => reports.push(m),
    )
    expect(reports).toEqual([[PROCESS_FAILED_MESSAGE]])
    expect(PROCESS_FAILED_MESSAGE).toBe('Failed to process images')
  })

  test('a batch where every file is fine reports nothing', async () => {
    const reports: string[][] = []
    await processImageFiles(
      [file('a.png')],
      5,
      async () => {},
      (m) => reports.push(m),
    )
    expect(reports).toEqual([])
  })
})

describe('inPickOrder', () => {
  test('results join in the order their slots were taken, failures skipped', () => {
    const added: string[] = []
    const slot = inPickOrder<string>((url) => added.push(url))
    const [a, b, c, d] = [slot(), slot(), slot(), slot()]
    c?.('c.png')
    b?.(null)
    expect(added).toEqual([])
    a?.('a.png')
    expect(added).toEqual(['a.png', 'c.png'])
    d?.('d.png')
    d?.('again.png')
    expect(added).toEqual(['a.png', 'c.png', 'd.png'])
  })
})
