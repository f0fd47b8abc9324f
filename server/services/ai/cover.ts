import { createHash } from 'node:crypto'
import { imageJob } from '#server/services/image-jobs.ts'
import { loadSharp } from '#server/services/sharp.ts'

/**
 * The branded cover: made on this server, no provider involved, so 'Generate Image' gives a
 * usable featured image offline. 1600×900 WebP of text-free art: a brand gradient and soft shapes
 * laid out from the title's hash (each post gets its own, the same title always the same), and
 * the brand mark in the middle. No type: the pages set the title in HTML right beside the picture,
 * and every place crops the picture differently (docs/decisions/029).
 */

export const COVER_WIDTH = 1600
export const COVER_HEIGHT = 900
/**
 * Everything that must be seen lies in the middle square: the cards crop the sides (object-fit:
 * cover, centred) from 16:9 down to about 1:1 on a desktop featured card.
 */
export const COVER_SAFE = { left: 350, top: 0, width: 900, height: 900 } as const

/** Brand gradients (violet, indigo, fuchsia, pink): dark enough for the white mark. */
const PALETTES = [
  ['#2e1065', '#6d28d9', '#db2777'],
  ['#1e1b4b', '#4338ca', '#a21caf'],
  ['#3b0764', '#7e22ce', '#e11d48'],
  ['#172554', '#6d28d9', '#c026d3'],
  ['#4a044e', '#a21caf', '#f43f5e'],
  ['#1e1b4b', '#7c3aed', '#db2777'],
] as const

/** A small deterministic stream of numbers in [0, 1) from the title: the art's only input. */
function seeded(title: string) {
  let block = createHash('sha256').update(title.replace(/\s+/g, ' ').trim().toLowerCase()).digest()
  let i = 0
  return () => {
    if (i + 2 > block.length) {
      block = createHash('sha256').update(block).digest()
      i = 0
    }
    const n = block.readUInt16BE(i) / 65536
    i += 2
    return n
  }
}

const round = (n: number) => Math.round(n * 10) / 10

/** The cover's SVG: gradient, shapes from the seed, the brand mark centred. */
export function coverSvg(title: string): string {
  const next = seeded(title)
  const palette = PALETTES[Math.floor(next() * PALETTES.length)] ?? PALETTES[0]
  const angle = Math.floor(next() * 4) // which corner the gradient runs from
  const [x1, y1, x2, y2] = [
    ['0', '0', '1', '1'],
    ['1', '0', '0', '1'],
    ['0', '1', '1', '0'],
    ['1', '1', '0', '0'],
  ][angle] as [string, string, string, string]

  const shapes: string[] = []
  // Large soft discs, anywhere (they may run off the edges: they are only light).
  for (let k = 0; k < 4; k++) {
    const r = 160 + next() * 380
    shapes.push(
      `<circle cx="${round(next() * COVER_WIDTH)}" cy="${round(next() * COVER_HEIGHT)}" r="${round(r)}" fill="#fff" fill-opacity="${round(0.04 + next() * 0.06)}"/>`,
    )
  }
  // Rings and small "reward" dots: the quest, claimed.
  for (let k = 0; k < 3; k++) {
    shapes.push(
      `<circle cx="${round(next() * COVER_WIDTH)}" cy="${round(next() * COVER_HEIGHT)}" r="${round(60 + next() * 200)}" fill="none" stroke="#fff" stroke-opacity="${round(0.1 + next() * 0.12)}" stroke-width="${round(4 + next() * 10)}"/>`,
    )
  }
  for (let k = 0; k < 14; k++) {
    shapes.push(
      `<circle cx="${round(next() * COVER_WIDTH)}" cy="${round(next() * COVER_HEIGHT)}" r="${round(4 + next() * 12)}" fill="#f9a8d4" fill-opacity="${round(0.25 + next() * 0.4)}"/>`,
    )
  }
  // The brand mark: a rounded square with a play triangle, in the middle of the safe square.
  const size = 300
  const mx = COVER_WIDTH / 2 - size / 2
  const my = COVER_HEIGHT / 2 - size / 2
  const mark = `<g transform="translate(${mx} ${my})">
    <rect width="${size}" height="${size}" rx="66" fill="#fff" fill-opacity="0.14"/>
    <rect x="18" y="18" width="${size - 36}" height="${size - 36}" rx="54" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="6"/>
    <path d="M120 88 v124 l100 -62 z" fill="#fff"/>
  </g>`

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">
  <defs><linearGradient id="bg" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">
    <stop offset="0" stop-color="${palette[0]}"/><stop offset="0.5" stop-color="${palette[1]}"/><stop offset="1" stop-color="${palette[2]}"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  ${shapes.join('\n  ')}
  ${mark}
</svg>`
}

/** The cover as WebP bytes, drawn in the image job queue. */
export function renderCover({ title }: { title: string }): Promise<Buffer> {
  return imageJob(async () => {
    const [{ Resvg }, sharp] = await Promise.all([import('@resvg/resvg-js'), loadSharp()])
    const png = new Resvg(coverSvg(title), { font: { loadSystemFonts: false } }).render().asPng()
    return sharp(png).webp({ quality: 86 }).toBuffer()
  })
}
