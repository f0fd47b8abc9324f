import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Resvg } from '@resvg/resvg-js'
import satori from 'satori'
import sharp from 'sharp'

/**
 * The branded cover: made on this server, no provider involved, so 'Generate Image' gives a
 * usable featured image offline. 1600×900 WebP: the brand gradient, the brand mark and name,
 * the title set in DejaVu Sans Bold (shipped beside this file, so every machine renders alike).
 */

export const COVER_WIDTH = 1600
export const COVER_HEIGHT = 900
const TITLE_MAX_CHARS = 120

const FONT_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fonts', 'dejavu-sans-bold.ttf')
let font: Promise<Buffer> | undefined
// Read once: the file never changes while the process runs.
const loadFont = () => {
  font ??= readFile(FONT_FILE)
  return font
}

/** The favicon's mark: a rounded square in the brand gradient with a play triangle. */
const MARK =
  'data:image/svg+xml;base64,' +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a78bfa"/><stop offset="1" stop-color="#f472b6"/></linearGradient></defs><rect width="64" height="64" rx="14" fill="url(#g)"/><path d="M25 19v26l20-13z" fill="#fff"/></svg>',
  ).toString('base64')

export interface CoverText {
  title: string
  brandName: string
  /** A short line at the bottom (the site's tagline). */
  tagline: string
}

type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown } }
const el = (
  type: string,
  style: Record<string, unknown>,
  children?: unknown,
  props: Record<string, unknown> = {},
): Node => ({
  type,
  props: { ...props, style, children },
})

export function fitTitle(title: string): { text: string; fontSize: number } {
  const clean = title.replace(/\s+/g, ' ').trim()
  const text =
    clean.length > TITLE_MAX_CHARS ? `${clean.slice(0, clean.lastIndexOf(' ', TITLE_MAX_CHARS - 1))}…` : clean
  const fontSize = text.length <= 36 ? 96 : text.length <= 60 ? 80 : text.length <= 90 ? 66 : 56
  return { text, fontSize }
}

function layout({ title, brandName, tagline }: CoverText): Node {
  const fitted = fitTitle(title)
  const circle = (size: number, position: Record<string, number>, alpha: number) =>
    el('div', {
      position: 'absolute',
      width: size,
      height: size,
      borderRadius: size,
      backgroundColor: `rgba(255,255,255,${alpha})`,
      ...position,
    })
  return el(
    'div',
    {
      width: COVER_WIDTH,
      height: COVER_HEIGHT,
      display: 'flex',
      position: 'relative',
      color: '#ffffff',
      fontFamily: 'DejaVu Sans',
      backgroundImage: 'linear-gradient(135deg, #2e1065 0%, #6d28d9 48%, #db2777 100%)',
    },
    [
      circle(760, { right: -220, top: -300 }, 0.07),
      circle(420, { right: 140, bottom: -260 }, 0.06),
      circle(180, { left: -60, bottom: 120 }, 0.05),
      el(
        'div',
        {
          // Offsets, not padding: satori sizes boxes without border-box.
          position: 'absolute',
          left: 112,
          top: 88,
          right: 112,
          bottom: 88,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
        },
        [
          el('div', { display: 'flex', alignItems: 'center' }, [
            el('img', { width: 84, height: 84, marginRight: 28 }, undefined, { src: MARK, width: 84, height: 84 }),
            el('div', { fontSize: 44, letterSpacing: 1 }, brandName),
          ]),
          el(
            'div',
            { display: 'flex', fontSize: fitted.fontSize, lineHeight: 1.14, maxWidth: 1320, letterSpacing: -1 },
            fitted.text,
          ),
          el('div', { display: 'flex', alignItems: 'center' }, [
            el('div', { width: 96, height: 8, borderRadius: 8, backgroundColor: '#f9a8d4', marginRight: 28 }),
            el('div', { fontSize: 30, opacity: 0.88 }, tagline),
          ]),
        ],
      ),
    ],
  )
}

/** The cover as WebP bytes. */
export async function renderCover(text: CoverText): Promise<Buffer> {
  const svg = await satori(layout(text) as never, {
    width: COVER_WIDTH,
    height: COVER_HEIGHT,
    fonts: [{ name: 'DejaVu Sans', data: await loadFont(), weight: 700, style: 'normal' }],
  })
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: COVER_WIDTH }, font: { loadSystemFonts: false } })
    .render()
    .asPng()
  return sharp(png).webp({ quality: 86 }).toBuffer()
}
