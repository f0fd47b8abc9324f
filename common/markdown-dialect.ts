import TurndownService from 'turndown'

/**
 * The one Markdown dialect the site writes from HTML: the editor's paste (common/paste.ts) and the
 * WordPress and Ghost imports (server/services/import/) — ATX headings, '-' bullets, '*' and '**',
 * fenced code, '---' rules, and list items with one space after the marker (turndown pads to
 * four). `options` adds to it (the imports' backslash hard break, say).
 */
export function markdownTurndown(options: TurndownService.Options = {}): TurndownService {
  const td = new TurndownService({
    headingStyle: 'atx',
    bulletListMarker: '-',
    emDelimiter: '*',
    strongDelimiter: '**',
    codeBlockStyle: 'fenced',
    hr: '---',
    ...options,
  })
  td.addRule('listItem', {
    filter: 'li',
    replacement: (content, node, settings) => {
      const parent = node.parentNode as HTMLElement | null
      let prefix = `${settings.bulletListMarker} `
      if (parent?.nodeName === 'OL') {
        const start = Number(parent.getAttribute('start') ?? '1') || 1
        prefix = `${start + Array.prototype.indexOf.call(parent.children, node)}. `
      }
      const body = content
        .replace(/^\n+/, '')
        .replace(/\n+$/, '\n')
        .replace(/\n/gm, `\n${' '.repeat(prefix.length)}`)
      return prefix + body + (node.nextSibling && !/\n$/.test(body) ? '\n' : '')
    },
  })
  return td
}
