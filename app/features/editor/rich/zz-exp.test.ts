// @vitest-environment happy-dom
import { Editor } from '@tiptap/core'
import { test } from 'vitest'
import { richExtensions } from '#app/features/editor/rich/extensions.ts'
import { samplePosts } from '#server/db/sample-posts.ts'
const rt = (md: string) => {
  const e = new Editor({ extensions: richExtensions(), content: md, contentType: 'markdown' })
  const out = e.getMarkdown()
  e.destroy()
  return out
}
const cases = [
  '# H1\n\n## H2\n\n###### H6',
  '[link](https://a.com "t") and https://bare.com and <https://angle.com>',
  '3. three\n4. four\n   1. inner',
  '1. a\n2. b\n\n   para in b\n3. c',
  '- a\n\n- loose b',
  'No. Games',
  '1986\\. A great year',
  'line one  \nline two\\\nthree',
  '\\# not heading\n\n\\- not list\n\n\\> not quote\n\n\\+ plus',
  '| a | b |\n| --- | --- |\n| 1 | 2 |',
  '| a | b |\n|:--|--:|\n| x \\| y | `c` |',
  'Setext\n======',
  'AT&T and a < b and &copy; and <b>bold</b>',
  '![a [b] c](/x.png "say \\"hi\\"")',
  '![alt](/x.png)\n\ntext',
  'text\n\n\n\nmore',
  '```\nplain\n```',
  '    indented code',
  '> - a\n> - b',
  '- [ ] task',
  'a_b_c snake_case',
]
test('exp', () => {
  for (const c of cases) {
    const o = rt(c)
    const o2 = rt(o)
    console.log(o === c ? 'SAME' : 'DIFF', o2 === o ? '' : 'UNSTABLE', JSON.stringify(c), '=>', JSON.stringify(o))
  }
  for (const p of samplePosts) {
    const o = rt(p.content)
    if (o !== p.content.trimEnd()) {
      const a = p.content.split('\n'), b = o.split('\n')
      for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) { console.log('POST', p.slug, i, JSON.stringify(a[i]), '=>', JSON.stringify(b[i])); break }
    } else console.log('POST SAME', p.slug)
  }
})
