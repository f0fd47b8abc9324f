import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type satori from 'satori'
import { signedBy } from '#common/blog-rules.ts'
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from '#common/seo.ts'
import { categoryLabel, longUsDate } from '#common/text-rules.ts'
import { projectRoot } from '#server/paths.ts'
import { imageJob } from '#server/services/image-jobs.ts'
import { loadSharp } from '#server/services/sharp.ts'

/**
 * Link-preview images (1200×630 PNG) with the post title set in type: satori lays the card out
 * and turns the text into paths with the self-hosted Inter font (@fontsource-variable/inter,
 * WOFF2, which satori reads; a variable font renders at its default weight), and resvg rasterises
 * it. Without those font files it falls back to DejaVu Sans from the system, and without any font
 * file to sharp rendering an SVG with a generic font family.
 */

const INTER_DIR = path.join(projectRoot, 'node_modules/@fontsource-variable/inter/files')
const FONT_FILES = [
  path.join(INTER_DIR, 'inter-latin-wght-normal.woff2'),
  path.join(INTER_DIR, 'inter-latin-ext-wght-normal.woff2'),
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
]

type Font = { name: string; data: Buffer; weight: 400; style: 'normal' }
let fonts: Font[] | undefined

function loadFonts(): Font[] {
  fonts ??= FONT_FILES.filter((f) => existsSync(f)).map((f) => ({
    name: 'Brand',
    data: readFileSync(f),
    weight: 400 as const,
    style: 'normal' as const,
  }))
  return fonts
}

const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#db2777"/></linearGradient></defs><rect width="64" height="64" rx="14" fill="url(#g)"/><path d="M25 19v26l20-13z" fill="#fff"/></svg>'
const LOGO_DATA_URL = `data:image/svg+xml;base64,${Buffer.from(LOGO_SVG).toString('base64')}`

export interface OgCard {
  /** The big text: the post title. */
  title: string
  /** Small label above the title (category), optional. */
  eyebrow?: string | null
  /** Bottom line, e.g. 'Priya Desai · November 21, 2026'. */
  byline?: string | null
  brandName: string
  /** The site's host name, shown bottom right. */
  host: string
}

/**
 * A post's card: its title, category and byline. One mapping for /og/{slug} and the editor's
 * share preview (issue 32), so the preview shows the image a save would give.
 */
export function postOgCard(
  post: { title: string; category: string | null; author: string | null; publishedAt: string | null },
  site: { brandName: string; teamName: string },
  publicUrl: string,
  /** Issue 28: its staff authors, who sign it when it has no free-text author (signedBy). */
  staff?: readonly { name: string }[],
): OgCard {
  return {
    title: post.title,
    eyebrow: categoryLabel(post.category),
    byline: [signedBy(post.author, staff, site.teamName), longUsDate(post.publishedAt)].filter(Boolean).join(' · '),
    brandName: site.brandName,
    host: new URL(publicUrl).host,
  }
}

const TITLE_MAX = 120

function clip(text: string, max: number) {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  const cut = clean.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`
}

/** Longer titles get smaller type so that they fit in four lines. */
function titleSize(title: string) {
  if (title.length <= 32) return 80
  if (title.length <= 56) return 68
  if (title.length <= 84) return 58
  return 50
}

type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown } }
const el = (type: string, style: Record<string, unknown>, children?: unknown, props: Record<string, unknown> = {}) =>
  ({ type, props: { ...props, style, children } }) as Node

function cardTree(card: OgCard): Node {
  const title = clip(card.title, TITLE_MAX)
  const contentWidth = OG_IMAGE_WIDTH - 2 * 72
  const row = { display: 'flex', alignItems: 'center', justifyContent: 'space-between', width: contentWidth }
  return el(
    'div',
    {
      width: OG_IMAGE_WIDTH,
      height: OG_IMAGE_HEIGHT,
      display: 'flex',
      position: 'relative',
      color: '#ffffff',
      fontFamily: 'Brand',
      backgroundColor: '#2e1065',
      backgroundImage: 'linear-gradient(135deg, #2e1065 0%, #5b21b6 48%, #be185d 100%)',
    },
    [
      el('div', {
        position: 'absolute',
        top: -200,
        right: -160,
        width: 520,
        height: 520,
        borderRadius: 9999,
        backgroundColor: 'rgba(244, 114, 182, 0.22)',
      }),
      el('div', {
        position: 'absolute',
        bottom: -260,
        left: -180,
        width: 560,
        height: 560,
        borderRadius: 9999,
        backgroundColor: 'rgba(139, 92, 246, 0.26)',
      }),
      el(
        'div',
        {
          position: 'absolute',
          top: 64,
          left: 72,
          width: contentWidth,
          height: OG_IMAGE_HEIGHT - 2 * 64,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
        },
        [
          el('div', row, [
            el('div', { display: 'flex', alignItems: 'center' }, [
              el('img', { width: 64, height: 64 }, undefined, { src: LOGO_DATA_URL, width: 64, height: 64 }),
              el('div', { marginLeft: 20, fontSize: 36, letterSpacing: -0.5 }, card.brandName),
            ]),
            card.eyebrow
              ? el(
                  'div',
                  {
                    display: 'flex',
                    padding: '10px 24px',
                    borderRadius: 9999,
                    backgroundColor: 'rgba(255, 255, 255, 0.16)',
                    border: '2px solid rgba(255, 255, 255, 0.35)',
                    fontSize: 26,
                  },
                  card.eyebrow,
                )
              : el('div', { display: 'flex' }),
          ]),
          el(
            'div',
            { display: 'flex', width: contentWidth, fontSize: titleSize(title), lineHeight: 1.12, letterSpacing: -1.5 },
            title,
          ),
          el('div', { ...row, fontSize: 26 }, [
            el('div', { display: 'flex', color: 'rgba(255, 255, 255, 0.85)' }, card.byline ?? ''),
            el('div', { display: 'flex', alignItems: 'center' }, [
              el('div', {
                width: 56,
                height: 6,
                borderRadius: 9999,
                marginRight: 16,
                backgroundImage: 'linear-gradient(90deg, #f9a8d4, #ffffff)',
              }),
              el('div', { display: 'flex', color: '#ffffff' }, card.host),
            ]),
          ]),
        ],
      ),
    ],
  )
}

const xml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c] as string)

/** Without any font file: an SVG with a generic family, rasterised by sharp (librsvg). */
async function renderWithSharp(card: OgCard): Promise<Buffer> {
  const title = clip(card.title, TITLE_MAX)
  const size = titleSize(title)
  const perLine = Math.floor(1040 / (size * 0.55))
  const lines: string[] = []
  for (const word of title.split(' ')) {
    const last = lines.at(-1)
    if (last !== undefined && `${last} ${word}`.length <= perLine) lines[lines.length - 1] = `${last} ${word}`
    else lines.push(word)
  }
  const top = 315 - ((lines.length - 1) * size * 1.12) / 2
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2e1065"/><stop offset="0.48" stop-color="#5b21b6"/><stop offset="1" stop-color="#be185d"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
<text x="72" y="112" font-family="sans-serif" font-size="36" fill="#fff">${xml(card.brandName)}</text>
${lines.map((l, i) => `<text x="72" y="${top + i * size * 1.12}" font-family="sans-serif" font-size="${size}" fill="#fff">${xml(l)}</text>`).join('\n')}
<text x="72" y="566" font-family="sans-serif" font-size="26" fill="#fff">${xml(card.byline ?? '')}</text>
<text x="1128" y="566" text-anchor="end" font-family="sans-serif" font-size="26" fill="#fff">${xml(card.host)}</text>
</svg>`
  return (await loadSharp())(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer()
}

/** A 1200×630 PNG for link previews, drawn in the image job queue. */
export function renderOgImage(card: OgCard): Promise<Buffer> {
  return imageJob(() => drawOgImage(card))
}

async function drawOgImage(card: OgCard): Promise<Buffer> {
  const available = loadFonts()
  if (available.length === 0) return renderWithSharp(card)
  // Loaded on the first card, not at start (docs/decisions/039).
  const [{ default: layOut }, { Resvg }] = await Promise.all([import('satori'), import('@resvg/resvg-js')])
  const svg = await layOut(cardTree(card) as unknown as Parameters<typeof satori>[0], {
    width: OG_IMAGE_WIDTH,
    height: OG_IMAGE_HEIGHT,
    fonts: available,
  })
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: OG_IMAGE_WIDTH } }).render().asPng()
  return (await loadSharp())(png).png({ compressionLevel: 9 }).toBuffer()
}

/** The square logo (JSON-LD Organization.logo, publisher logo), 512×512 PNG. */
export async function renderLogoPng(): Promise<Buffer> {
  const { Resvg } = await import('@resvg/resvg-js')
  return new Resvg(LOGO_SVG, { fitTo: { mode: 'width', value: 512 } }).render().asPng()
}
