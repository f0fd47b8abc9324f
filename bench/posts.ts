// Deterministic, realistic blog posts for the benches: 4-6 KB of markdown each, with the
// headings, lists, links, emphasis, code, quotes and images an editor writes.
import { CATEGORIES } from '#common/limits.ts'

/** mulberry32: a small seeded PRNG, so every run seeds the same posts. */
function prng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const WORDS = (
  'video stream encoder viewer latency bitrate codec playlist chapter caption subtitle thumbnail ' +
  'upload transcode storage edge cache player browser mobile analytics retention audience creator ' +
  'studio workflow review comment timeline frame resolution audio quality network bandwidth release ' +
  'feature customer team product market trend search recommendation library channel moderation ' +
  'accessibility localisation pipeline dashboard report metric experiment launch roadmap partner'
).split(' ')
const OPENERS = ['This quarter', 'Last month', 'In practice', 'For most teams', 'Since the launch', 'Over time']
const TOPICS = [
  'adaptive streaming',
  'caption workflows',
  'video analytics',
  'creator tools',
  'edge caching',
  'live events',
  'thumbnail testing',
  'audience retention',
  'codec choices',
  'review cycles',
]
const TITLE_SHAPES = [
  (t: string, n: number) => `What we learned about ${t} in ${n} weeks`,
  (t: string, n: number) => `${n} ways to improve ${t}`,
  (t: string, n: number) => `A practical guide to ${t}, part ${n}`,
  (t: string, n: number) => `Why ${t} matters more than ever (${n} numbers)`,
  (t: string, n: number) => `Shipping ${t}: release notes ${n}`,
]
const AUTHORS = ['Maya Lindqvist', 'Tomás Ferreira', 'Aiko Tanaka', 'Daniel Okafor', 'Priya Raman']

export interface BenchPost {
  title: string
  slug: string
  excerpt: string
  content: string
  featuredImage: string
  category: string
  tags: string[]
  author: string
  isPublished: true
}

export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** `count` published posts, seeded by `seed`; content lengths fall in 4,000-6,000 characters. */
export function makePosts(count: number, seed = 42): BenchPost[] {
  const rand = prng(seed)
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ')
  const sentence = () => {
    const s = `${pick(OPENERS)} the ${words(3 + Math.floor(rand() * 6))} ${words(4 + Math.floor(rand() * 8))}`
    return `${s}.`
  }
  const paragraph = () => {
    const parts = Array.from({ length: 3 + Math.floor(rand() * 3) }, sentence)
    const i = Math.floor(rand() * parts.length)
    const w = pick(WORDS)
    parts[i] =
      `${parts[i]} See the **${w}** notes in [our ${w} guide](https://docs.example.com/${w}) and _${pick(WORDS)}_.`
    return parts.join(' ')
  }
  const section = (k: number) => {
    const blocks = [`## ${k}. ${words(3).replace(/^\w/, (c) => c.toUpperCase())}`, paragraph()]
    const extra = Math.floor(rand() * 4)
    if (extra === 0) blocks.push(Array.from({ length: 4 }, () => `- ${words(5)} with \`${pick(WORDS)}\``).join('\n'))
    if (extra === 1) blocks.push(`> ${sentence()} ${sentence()}`)
    if (extra === 2)
      blocks.push(`\`\`\`ts\nconst ${pick(WORDS)} = await load('${pick(WORDS)}', { limit: ${k * 10} })\n\`\`\``)
    if (extra === 3) blocks.push(`![${words(3)}](/images/bench-${k}.webp "${words(2)}")`)
    blocks.push(paragraph())
    return blocks.join('\n\n')
  }

  const used = new Set<string>()
  return Array.from({ length: count }, (_, i) => {
    const topic = TOPICS[i % TOPICS.length]!
    let title = pick(TITLE_SHAPES)(topic, 2 + Math.floor(rand() * 12))
    while (used.has(slugOf(title))) title = `${title} (${i})`
    used.add(slugOf(title))

    const target = 4_000 + rand() * 1_200
    const intro = `${paragraph()}\n\n${paragraph()}`
    let content = intro
    for (let k = 1; content.length < target; k++) content += `\n\n${section(k)}`
    if (content.length > 6_000) content = content.slice(0, 6_000)
    const excerpt = intro.slice(0, 160).replace(/\s+\S*$/, '…')
    return {
      title,
      slug: slugOf(title),
      excerpt,
      content,
      featuredImage: `/images/bench-cover-${i + 1}.webp`,
      category: CATEGORIES[i % CATEGORIES.length]!,
      tags: [pick(WORDS), pick(WORDS), topic.split(' ')[0]!],
      author: pick(AUTHORS),
      isPublished: true,
    }
  })
}
