/**
 * Issue 27 §14: a visit's source as people know it. The analytics API names a source by its
 * utm_source (lower-cased: 'x', 'linkedin'), else the host that referred it ('t.co',
 * 'www.google.de'), else 'direct'; one site can arrive under several of these (X as 'x', 'twitter',
 * 't.co' and 'x.com'). This is the one mapping from those to a name.
 */

interface KnownSource {
  name: string
  /** utm_source values, lower-cased. */
  tags: readonly string[]
  /** Hosts that refer from it: the domain itself and any of its subdomains. */
  domains: readonly string[]
  /** Domains by pattern, for a site with a domain per country (google.de, google.co.uk). */
  pattern?: RegExp
}

const KNOWN: readonly KnownSource[] = [
  { name: 'X', tags: ['x', 'twitter'], domains: ['x.com', 'twitter.com', 't.co'] },
  { name: 'LinkedIn', tags: ['linkedin'], domains: ['linkedin.com', 'lnkd.in'] },
  {
    name: 'Google',
    tags: ['google'],
    domains: [],
    pattern: /(?:^|\.)google\.(?:[a-z]{2,3}|co\.[a-z]{2}|com\.[a-z]{2})$/,
  },
  { name: 'Bing', tags: ['bing'], domains: ['bing.com'] },
  { name: 'DuckDuckGo', tags: ['duckduckgo', 'ddg'], domains: ['duckduckgo.com'] },
  { name: 'Yahoo', tags: ['yahoo'], domains: ['yahoo.com'] },
  { name: 'Ecosia', tags: ['ecosia'], domains: ['ecosia.org'] },
  { name: 'Facebook', tags: ['facebook', 'fb'], domains: ['facebook.com', 'fb.com', 'fb.me'] },
  { name: 'Instagram', tags: ['instagram', 'ig'], domains: ['instagram.com'] },
  { name: 'Reddit', tags: ['reddit'], domains: ['reddit.com', 'redd.it'] },
  { name: 'Hacker News', tags: ['hackernews', 'hacker-news', 'hn'], domains: ['news.ycombinator.com'] },
  { name: 'YouTube', tags: ['youtube'], domains: ['youtube.com', 'youtu.be'] },
  { name: 'GitHub', tags: ['github'], domains: ['github.com'] },
  { name: 'Discord', tags: ['discord'], domains: ['discord.com', 'discord.gg', 'discordapp.com'] },
  { name: 'ChatGPT', tags: ['chatgpt', 'chatgpt.com'], domains: ['chatgpt.com', 'chat.openai.com'] },
  { name: 'Direct', tags: ['direct'], domains: [] },
]

const onDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`)

/**
 * 'X' for 'x', 'twitter', 't.co' or 'mobile.twitter.com'; 'Google' for 'www.google.co.uk';
 * 'Direct' for 'direct'. Another host keeps its name without 'www.' ('example.com'), another
 * campaign tag gets a capital ('newsletter' → 'Newsletter').
 */
export function sourceName(source: string): string {
  const raw = source.trim()
  const key = raw.toLowerCase()
  if (key === '') return 'Direct'
  const known = KNOWN.find(
    (k) => k.tags.includes(key) || k.domains.some((d) => onDomain(key, d)) || k.pattern?.test(key) === true,
  )
  if (known) return known.name
  if (key.includes('.')) return key.replace(/^www\./, '')
  return raw.charAt(0).toUpperCase() + raw.slice(1)
}

/**
 * Rows named by `sourceName`, those that name the same source added up ('x' and 't.co' are one
 * 'X' row), most views first, then by name.
 */
export function namedSources(
  rows: readonly { source: string; views: number; leads: number; subscribers?: number }[],
): { name: string; views: number; leads: number; subscribers: number }[] {
  const byName = new Map<string, { name: string; views: number; leads: number; subscribers: number }>()
  for (const row of rows) {
    const name = sourceName(row.source)
    const entry = byName.get(name) ?? { name, views: 0, leads: 0, subscribers: 0 }
    entry.views += row.views
    entry.leads += row.leads
    entry.subscribers += row.subscribers ?? 0
    byName.set(name, entry)
  }
  return [...byName.values()].sort((a, b) => b.views - a.views || b.leads - a.leads || a.name.localeCompare(b.name))
}
