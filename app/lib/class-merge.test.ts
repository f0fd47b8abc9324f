import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { twMerge } from 'tailwind-merge'
import { describe, expect, test } from 'vitest'
import { mergeClasses } from '#app/lib/class-merge.ts'

/** The code public pages load (the admin screens use tailwind-merge itself: app/lib/utils.ts). */
const PUBLIC_CODE = [
  'app/root.tsx',
  'app/routes/home.tsx',
  'app/routes/demo.tsx',
  'app/routes/not-found.tsx',
  'app/routes/blog',
  'app/routes/legal',
  'app/components/ui',
  'app/components/brand',
  'app/features/landing',
  'app/features/blog',
  'app/features/legal',
  'app/features/not-found',
  'app/features/demo',
  'app/features/contact',
  'app/lib',
]

function sourceFiles(entry: string): string[] {
  if (/\.tsx?$/.test(entry)) return entry.includes('.test.') ? [] : [entry]
  return readdirSync(entry, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() || /\.tsx?$/.test(d.name) ? sourceFiles(path.join(entry, d.name)) : [],
  )
}

/** Every string literal of the public code. */
const strings = PUBLIC_CODE.flatMap(sourceFiles).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)].map((m) => m[2] as string),
)
/** Every word of them that tailwind-merge takes for a Tailwind class (it dedupes those only). */
const classes = [...new Set(strings.flatMap((s) => s.split(/\s+/)))]
  .filter((t) => t !== '' && twMerge(`${t} ${t}`) === t)
  .sort()

describe('mergeClasses', () => {
  test('the public code has classes to check', () => {
    expect(classes.length).toBeGreaterThan(500)
    expect(classes).toContain('px-4')
  })

  test('gives what tailwind-merge gives for every ordered pair of classes written in public code', () => {
    const differ: string[] = []
    for (const a of classes)
      for (const b of classes) {
        if (a === b) continue
        const list = `${a} ${b}`
        if (mergeClasses(list) !== twMerge(list)) differ.push(list)
      }
    expect(differ.slice(0, 20)).toEqual([])
  }, 120_000)

  test('gives what tailwind-merge gives for every string of public code and for the overrides callers pass', () => {
    const lists = strings.filter((s) => s.includes(' '))
    lists.push(
      'h-10 px-4 py-2 h-8 px-2',
      'inline-flex rounded-md text-sm hover:bg-primary/90 text-base font-semibold hover:bg-white',
      'border-transparent bg-green-100 text-green-800 bg-violet-100 text-violet-800',
      'hover:sm:p-2 sm:hover:p-4 [&_svg]:size-4 [&_svg]:size-3 !mt-2 mt-4 mt-1!',
      'text-lg leading-7 text-sm p-2 px-4 pt-1 border border-t-2 border-slate-200 border-t-violet-500',
    )
    for (const list of lists) expect(mergeClasses(list), list).toBe(twMerge(list))
  })

  test('keeps classes it does not know, and drops exact repeats', () => {
    expect(mergeClasses('prose  my-thing prose-lg')).toBe(twMerge('prose  my-thing prose-lg'))
    expect(mergeClasses('px-2 px-2')).toBe('px-2')
  })
})
