/**
 * Makes the landing page's and the /demo page's raster images and videos from our own SVG
 * drawings. The outputs are committed: machines without ffmpeg never need to run this.
 *
 *   node app/features/landing/assets/generate-assets.ts   (needs ffmpeg on PATH)
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'

const here = path.dirname(new URL(import.meta.url).pathname)
const demoDir = path.join(here, '../../demo/assets')
const FONT = 'Liberation Sans, DejaVu Sans, sans-serif'
const TAU = Math.PI * 2

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')

// ---------- hero background loop (8 s, seamless: every motion is periodic in t ∈ [0, 1)) ----------

function heroFrame(t: number, w = 960, h = 540) {
  const blob = (cx: number, cy: number, r: number, ax: number, ay: number, phase: number, color: string) => {
    const x = cx + ax * Math.sin(TAU * t + phase)
    const y = cy + ay * Math.cos(TAU * t + phase)
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r}" fill="${color}" opacity="0.75"/>`
  }
  const tokens = [
    { x: 120, speed: 1, size: 34, kind: 'play', phase: 0.1 },
    { x: 260, speed: 2, size: 26, kind: 'coin', phase: 0.55 },
    { x: 420, speed: 1, size: 30, kind: 'gift', phase: 0.3 },
    { x: 600, speed: 2, size: 24, kind: 'star', phase: 0.8 },
    { x: 760, speed: 1, size: 36, kind: 'coin', phase: 0.65 },
    { x: 870, speed: 2, size: 28, kind: 'play', phase: 0.2 },
    { x: 60, speed: 2, size: 22, kind: 'star', phase: 0.45 },
    { x: 520, speed: 1, size: 20, kind: 'play', phase: 0.9 },
  ]
  const token = (k: (typeof tokens)[number]) => {
    const p = (t * k.speed + k.phase) % 1
    const y = h + 60 - p * (h + 120)
    const x = k.x + 18 * Math.sin(TAU * (t * k.speed + k.phase))
    const o = Math.sin(Math.PI * p) * 0.55
    const s = k.size
    const shape =
      k.kind === 'play'
        ? `<rect x="${-s / 2}" y="${-s / 2}" width="${s}" height="${s}" rx="${s / 4}" fill="#ffffff" fill-opacity="0.18" stroke="#fff" stroke-opacity="0.5"/><path d="M${-s / 8} ${-s / 5} L${s / 5} 0 L${-s / 8} ${s / 5} Z" fill="#fff"/>`
        : k.kind === 'coin'
          ? `<circle r="${s / 2}" fill="#fbbf24" fill-opacity="0.8"/><circle r="${s / 3}" fill="none" stroke="#fff7ed" stroke-width="2"/>`
          : k.kind === 'gift'
            ? `<rect x="${-s / 2}" y="${-s / 3}" width="${s}" height="${(s * 5) / 6}" rx="4" fill="#f472b6" fill-opacity="0.85"/><rect x="-3" y="${-s / 3}" width="6" height="${(s * 5) / 6}" fill="#fff"/><rect x="${-s / 2}" y="${-s / 6}" width="${s}" height="5" fill="#fff"/>`
            : `<path d="M0 ${-s / 2} L${s / 7} ${-s / 7} L${s / 2} 0 L${s / 7} ${s / 7} L0 ${s / 2} L${-s / 7} ${s / 7} L${-s / 2} 0 L${-s / 7} ${-s / 7} Z" fill="#c4b5fd"/>`
    return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${(360 * p * (k.speed === 1 ? 1 : -1)).toFixed(1)})" opacity="${o.toFixed(2)}">${shape}</g>`
  }
  const grid = Array.from({ length: 13 }, (_, i) => {
    const x = (i * 80 + t * 80) % (w + 80)
    return `<line x1="${x}" y1="0" x2="${x - 200}" y2="${h}" stroke="#fff" stroke-opacity="0.04"/>`
  }).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e0b3b"/><stop offset="1" stop-color="#3b0a45"/></linearGradient>
    <filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="60"/></filter>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  <g filter="url(#blur)">
    ${blob(250, 200, 170, 90, 50, 0, '#7c3aed')}
    ${blob(700, 330, 190, 80, 70, 2, '#db2777')}
    ${blob(500, 120, 130, 120, 40, 4, '#6366f1')}
    ${blob(820, 90, 110, 60, 60, 1, '#a21caf')}
  </g>
  ${grid}
  ${tokens.map(token).join('')}
</svg>`
}

// ---------- demo ad (6 s, "Nova Kicks") ----------

const ease = (x: number) => {
  const c = Math.min(1, Math.max(0, x))
  return 1 - (1 - c) ** 3
}

function sneaker(scale = 1) {
  return `<g transform="scale(${scale})">
    <path d="M-150 40 C-150 0 -120 -30 -80 -40 L-30 -70 C-10 -80 10 -78 20 -60 L40 -30 C70 -20 110 -10 140 5 C165 15 170 40 160 55 L-140 55 C-150 55 -150 48 -150 40 Z" fill="#ffffff"/>
    <path d="M-150 40 L160 40 L160 55 C160 62 155 66 148 66 L-138 66 C-146 66 -150 60 -150 52 Z" fill="#1e1b4b"/>
    <path d="M-60 -48 L-30 -70 C-10 -80 10 -78 20 -60 L34 -36 C0 -30 -40 -32 -60 -48 Z" fill="#7c3aed"/>
    <path d="M-100 10 C-40 -10 40 -5 120 20" stroke="#db2777" stroke-width="10" fill="none" stroke-linecap="round"/>
    <g stroke="#1e1b4b" stroke-width="4" stroke-linecap="round"><line x1="-20" y1="-52" x2="0" y2="-40"/><line x1="-8" y1="-60" x2="12" y2="-48"/><line x1="4" y1="-66" x2="24" y2="-54"/></g>
  </g>`
}

function demoFrame(sec: number, w = 960, h = 540) {
  const inX = -300 + 600 * ease(sec / 1.2)
  const bob = 6 * Math.sin(sec * 3)
  const title = ease((sec - 0.8) / 0.6)
  const tag = ease((sec - 1.6) / 0.6)
  const offer = ease((sec - 3) / 0.6)
  const end = ease((sec - 4.6) / 0.5)
  const sweep = (sec * 220) % (w + 400)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f97316"/><stop offset="0.55" stop-color="#db2777"/><stop offset="1" stop-color="#6d28d9"/></linearGradient>
    <linearGradient id="shine" x1="0" x2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  <rect x="${sweep - 400}" y="-100" width="160" height="${h + 200}" fill="url(#shine)" transform="rotate(12 ${w / 2} ${h / 2})"/>
  <circle cx="${inX}" cy="330" r="150" fill="#fff" fill-opacity="0.12"/>
  <ellipse cx="${inX}" cy="420" rx="${140 * ease(sec / 1.2)}" ry="14" fill="#000" fill-opacity="0.18"/>
  <g transform="translate(${inX} ${330 + bob}) rotate(-8)">${sneaker(1.2)}</g>
  <g opacity="${title.toFixed(2)}" transform="translate(${500 + 30 * (1 - title)} 0)">
    <text x="0" y="180" font-family="${FONT}" font-weight="700" font-size="64" fill="#fff">NOVA KICKS</text>
    <text x="0" y="230" font-family="${FONT}" font-size="30" fill="#fff" opacity="${tag.toFixed(2)}">Run the city. Own the night.</text>
  </g>
  <g opacity="${offer.toFixed(2)}" transform="translate(500 ${290 + 20 * (1 - offer)})">
    <rect width="330" height="70" rx="35" fill="#fff"/>
    <text x="165" y="45" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="26" fill="#be185d">Unlock 20% off</text>
  </g>
  <g opacity="${end.toFixed(2)}">
    <rect width="${w}" height="${h}" fill="#1e1b4b" fill-opacity="${(0.85 * end).toFixed(2)}"/>
    <g transform="translate(${w / 2} 220) scale(${0.8 + 0.2 * end})">
      <rect x="-50" y="-40" width="100" height="80" rx="10" fill="#f472b6"/><rect x="-8" y="-40" width="16" height="80" fill="#fff"/><rect x="-58" y="-52" width="116" height="24" rx="6" fill="#db2777"/><rect x="-8" y="-52" width="16" height="24" fill="#fff"/>
    </g>
    <text x="${w / 2}" y="340" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="46" fill="#fff">Your reward is ready</text>
    <text x="${w / 2}" y="390" text-anchor="middle" font-family="${FONT}" font-size="26" fill="#e9d5ff">Claim it below in 10 seconds</text>
  </g>
</svg>`
}

// ---------- product mock-ups (1200 × 750) ----------

const W = 1200
const H = 750

function windowFrame(title: string, active: number, body: string) {
  const nav = ['Overview', 'Quests', 'Rewards', 'Audience', 'Analytics', 'Integrations']
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="brand" x1="0" x2="1"><stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#db2777"/></linearGradient>
    <linearGradient id="area" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7c3aed" stop-opacity="0.35"/><stop offset="1" stop-color="#7c3aed" stop-opacity="0"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H}" rx="18" fill="#f8fafc"/>
  <rect width="${W}" height="48" rx="18" fill="#e2e8f0"/><rect y="30" width="${W}" height="18" fill="#e2e8f0"/>
  <circle cx="28" cy="24" r="7" fill="#f87171"/><circle cx="52" cy="24" r="7" fill="#fbbf24"/><circle cx="76" cy="24" r="7" fill="#34d399"/>
  <rect x="420" y="12" width="360" height="24" rx="12" fill="#fff"/>
  <text x="600" y="29" text-anchor="middle" font-family="${FONT}" font-size="13" fill="#64748b">app.vidquest.io</text>
  <rect x="0" y="48" width="220" height="${H - 48}" fill="#1e1b4b"/>
  <rect x="24" y="72" width="34" height="34" rx="9" fill="url(#brand)"/>
  <path d="M36 80 L50 89 L36 98 Z" fill="#fff"/>
  <text x="68" y="95" font-family="${FONT}" font-weight="700" font-size="19" fill="#fff">VidQuest</text>
  ${nav
    .map(
      (n, i) =>
        `<rect x="14" y="${136 + i * 48}" width="192" height="38" rx="9" fill="${i === active ? '#4c1d95' : 'none'}"/><circle cx="38" cy="${155 + i * 48}" r="6" fill="${i === active ? '#f0abfc' : '#6366f1'}"/><text x="56" y="${160 + i * 48}" font-family="${FONT}" font-size="15" fill="${i === active ? '#fff' : '#c7d2fe'}">${n}</text>`,
    )
    .join('')}
  <text x="256" y="104" font-family="${FONT}" font-weight="700" font-size="28" fill="#0f172a">${esc(title)}</text>
  <rect x="1010" y="78" width="160" height="40" rx="10" fill="url(#brand)"/>
  <text x="1090" y="104" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="15" fill="#fff">+ New quest</text>
  ${body}
</svg>`
}

function kpi(x: number, y: number, label: string, value: string, delta: string) {
  return `<rect x="${x}" y="${y}" width="214" height="106" rx="14" fill="#fff" stroke="#e2e8f0"/>
  <text x="${x + 20}" y="${y + 34}" font-family="${FONT}" font-size="14" fill="#64748b">${label}</text>
  <text x="${x + 20}" y="${y + 74}" font-family="${FONT}" font-weight="700" font-size="30" fill="#0f172a">${value}</text>
  <rect x="${x + 140}" y="${y + 54}" width="56" height="24" rx="12" fill="#dcfce7"/><text x="${x + 168}" y="${y + 71}" text-anchor="middle" font-family="${FONT}" font-size="13" fill="#15803d">${delta}</text>`
}

function linePath(points: number[], x0: number, y0: number, w: number, h: number) {
  const max = Math.max(...points)
  return points
    .map(
      (p, i) =>
        `${i === 0 ? 'M' : 'L'}${(x0 + (i * w) / (points.length - 1)).toFixed(1)} ${(y0 + h - (p / max) * h).toFixed(1)}`,
    )
    .join(' ')
}

function dashboardScreen() {
  const pts = [12, 18, 15, 24, 30, 27, 38, 44, 41, 52, 61, 58, 70, 78]
  const line = linePath(pts, 276, 330, 560, 250)
  const body = `
  ${kpi(256, 140, 'Video views', '1.28M', '+24%')}${kpi(486, 140, 'Completion rate', '92.4%', '+3%')}${kpi(716, 140, 'Claim rate', '8.7%', '+1.2')}${kpi(946, 140, 'CRM leads', '48,210', '+31%')}
  <rect x="256" y="270" width="674" height="450" rx="14" fill="#fff" stroke="#e2e8f0"/>
  <text x="276" y="306" font-family="${FONT}" font-weight="700" font-size="17" fill="#0f172a">Rewards claimed, last 14 days</text>
  ${[0, 1, 2, 3, 4].map((i) => `<line x1="276" x2="836" y1="${330 + i * 62.5}" y2="${330 + i * 62.5}" stroke="#f1f5f9"/>`).join('')}
  <path d="${line} L836 580 L276 580 Z" fill="url(#area)"/>
  <path d="${line}" fill="none" stroke="#7c3aed" stroke-width="4" stroke-linejoin="round"/>
  <circle cx="836" cy="${330 + 250 - (78 / 78) * 250}" r="7" fill="#db2777" stroke="#fff" stroke-width="3"/>
  <text x="276" y="620" font-family="${FONT}" font-size="13" fill="#94a3b8">Mon</text><text x="806" y="620" font-family="${FONT}" font-size="13" fill="#94a3b8">Today</text>
  <rect x="276" y="646" width="634" height="50" rx="10" fill="#f5f3ff"/>
  <text x="296" y="677" font-family="${FONT}" font-size="15" fill="#4c1d95">Summer Drop quest is outperforming your benchmark by 2.3x</text>
  <rect x="946" y="270" width="224" height="450" rx="14" fill="#fff" stroke="#e2e8f0"/>
  <text x="966" y="306" font-family="${FONT}" font-weight="700" font-size="17" fill="#0f172a">Live quests</text>
  ${['Summer Drop', 'Trailer Premiere', 'Level 10 Launch', 'Holiday Codes', 'Creator Collab']
    .map(
      (q, i) =>
        `<rect x="962" y="${328 + i * 76}" width="192" height="62" rx="10" fill="#f8fafc"/><text x="978" y="${354 + i * 76}" font-family="${FONT}" font-size="15" fill="#0f172a">${q}</text><rect x="978" y="${366 + i * 76}" width="${150 - i * 22}" height="8" rx="4" fill="url(#brand)"/>`,
    )
    .join('')}`
  return windowFrame('Campaign overview', 0, body)
}

function phone(x: number, y: number, inner: string, scale = 1) {
  return `<g transform="translate(${x} ${y}) scale(${scale})"><rect width="250" height="500" rx="36" fill="#0f172a"/><rect x="10" y="10" width="230" height="480" rx="28" fill="#fff"/><rect x="95" y="18" width="60" height="10" rx="5" fill="#0f172a"/>${inner}</g>`
}

function videoTile(x: number, y: number, w: number, h: number) {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="12" fill="url(#brand)"/><circle cx="${x + w / 2}" cy="${y + h / 2}" r="24" fill="#fff" fill-opacity="0.9"/><path d="M${x + w / 2 - 7} ${y + h / 2 - 11} L${x + w / 2 + 12} ${y + h / 2} L${x + w / 2 - 7} ${y + h / 2 + 11} Z" fill="#7c3aed"/>`
}

function builderScreen() {
  const steps = [
    ['1', 'Upload video', 'trailer-final.mp4 · 0:30'],
    ['2', 'Choose reward', '20% voucher · 5,000 codes'],
    ['3', 'Claim form', 'Name, e-mail, consent'],
    ['4', 'Send viewers to', 'novakicks.example/shop'],
  ]
  const body = `
  <rect x="256" y="140" width="520" height="580" rx="14" fill="#fff" stroke="#e2e8f0"/>
  ${steps
    .map(
      ([n, t, s], i) =>
        `<g transform="translate(276 ${164 + i * 132})"><rect width="480" height="112" rx="12" fill="${i === 1 ? '#f5f3ff' : '#f8fafc'}" stroke="${i === 1 ? '#7c3aed' : '#e2e8f0'}" stroke-width="2"/><circle cx="40" cy="56" r="20" fill="url(#brand)"/><text x="40" y="62" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="17" fill="#fff">${n}</text><text x="80" y="50" font-family="${FONT}" font-weight="700" font-size="19" fill="#0f172a">${t}</text><text x="80" y="78" font-family="${FONT}" font-size="15" fill="#64748b">${s}</text></g>`,
    )
    .join('')}
  <rect x="800" y="140" width="370" height="580" rx="14" fill="#ede9fe"/>
  <text x="985" y="176" text-anchor="middle" font-family="${FONT}" font-size="14" fill="#6d28d9">Live preview</text>
  ${phone(
    860,
    196,
    `${videoTile(24, 44, 202, 120)}<text x="125" y="198" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="16" fill="#0f172a">Watch &amp; unlock</text><text x="125" y="220" text-anchor="middle" font-family="${FONT}" font-size="13" fill="#64748b">20% off your next pair</text><rect x="24" y="244" width="202" height="36" rx="8" fill="#f1f5f9"/><rect x="24" y="292" width="202" height="36" rx="8" fill="#f1f5f9"/><rect x="24" y="346" width="202" height="42" rx="10" fill="url(#brand)"/><text x="125" y="373" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="15" fill="#fff">Claim reward</text>`,
    1,
  )}`
  return windowFrame('Quest builder', 1, body)
}

function claimScreen() {
  const body = `
  <rect x="256" y="140" width="914" height="580" rx="14" fill="#fff" stroke="#e2e8f0"/>
  <text x="282" y="180" font-family="${FONT}" font-weight="700" font-size="18" fill="#0f172a">Viewer journey</text>
  ${phone(300, 204, `${videoTile(20, 50, 210, 300)}<rect x="20" y="370" width="210" height="8" rx="4" fill="#e2e8f0"/><rect x="20" y="370" width="150" height="8" rx="4" fill="#db2777"/><text x="125" y="410" text-anchor="middle" font-family="${FONT}" font-size="14" fill="#64748b">0:21 / 0:30</text>`, 0.96)}
  ${phone(585, 204, `<text x="125" y="78" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="18" fill="#0f172a">Claim your reward</text><rect x="20" y="110" width="210" height="40" rx="8" fill="#f1f5f9"/><text x="34" y="135" font-family="${FONT}" font-size="14" fill="#64748b">Alex Rivera</text><rect x="20" y="162" width="210" height="40" rx="8" fill="#f1f5f9"/><text x="34" y="187" font-family="${FONT}" font-size="14" fill="#64748b">alex@example.com</text><rect x="20" y="216" width="16" height="16" rx="4" fill="#7c3aed"/><text x="44" y="229" font-family="${FONT}" font-size="12" fill="#64748b">Send me offers (optional)</text><rect x="20" y="260" width="210" height="44" rx="10" fill="url(#brand)"/><text x="125" y="288" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="15" fill="#fff">Claim</text>`, 0.96)}
  ${phone(870, 204, `<circle cx="125" cy="120" r="52" fill="#fce7f3"/><rect x="97" y="96" width="56" height="46" rx="6" fill="#db2777"/><rect x="121" y="96" width="8" height="46" fill="#fff"/><text x="125" y="214" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="18" fill="#0f172a">Reward unlocked!</text><rect x="30" y="236" width="190" height="50" rx="10" fill="#f5f3ff" stroke="#7c3aed" stroke-dasharray="6 4"/><text x="125" y="268" text-anchor="middle" font-family="monospace" font-weight="700" font-size="18" fill="#6d28d9">NOVA-20-K7QX</text><rect x="20" y="316" width="210" height="44" rx="10" fill="#0f172a"/><text x="125" y="344" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="15" fill="#fff">Shop now</text>`, 0.96)}
  <path d="M556 450 l20 0 m-8 -8 l8 8 l-8 8" stroke="#a78bfa" stroke-width="3" fill="none"/>
  <path d="M841 450 l20 0 m-8 -8 l8 8 l-8 8" stroke="#a78bfa" stroke-width="3" fill="none"/>`
  return windowFrame('Reward claim flow', 2, body)
}

function analyticsScreen() {
  const bars = [42, 58, 51, 73, 66, 88, 95]
  const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
  const rows = [
    ['Alex Rivera', 'alex@example.com', 'Summer Drop', 'Synced'],
    ['Sam Chen', 'sam@example.com', 'Level 10 Launch', 'Synced'],
    ['Priya Patel', 'priya@example.com', 'Trailer Premiere', 'Synced'],
    ['Jordan Lee', 'jordan@example.com', 'Holiday Codes', 'Queued'],
  ]
  const body = `
  <rect x="256" y="140" width="540" height="300" rx="14" fill="#fff" stroke="#e2e8f0"/>
  <text x="276" y="176" font-family="${FONT}" font-weight="700" font-size="17" fill="#0f172a">Claims by day</text>
  ${bars.map((b, i) => `<rect x="${296 + i * 70}" y="${410 - b * 2.2}" width="40" height="${b * 2.2}" rx="8" fill="url(#brand)"/><text x="${316 + i * 70}" y="430" text-anchor="middle" font-family="${FONT}" font-size="12" fill="#94a3b8">${days[i]}</text>`).join('')}
  <rect x="816" y="140" width="354" height="300" rx="14" fill="#fff" stroke="#e2e8f0"/>
  <text x="836" y="176" font-family="${FONT}" font-weight="700" font-size="17" fill="#0f172a">CRM sync</text>
  ${['Salesforce', 'HubSpot', 'Klaviyo', 'Mailchimp']
    .map(
      (c, i) =>
        `<rect x="836" y="${196 + i * 58}" width="314" height="46" rx="10" fill="#f8fafc"/><circle cx="860" cy="${219 + i * 58}" r="10" fill="${['#0ea5e9', '#f97316', '#16a34a', '#eab308'][i]}"/><text x="882" y="${224 + i * 58}" font-family="${FONT}" font-size="15" fill="#0f172a">${c}</text><rect x="1060" y="${207 + i * 58}" width="74" height="24" rx="12" fill="#dcfce7"/><text x="1097" y="${224 + i * 58}" text-anchor="middle" font-family="${FONT}" font-size="12" fill="#15803d">Connected</text>`,
    )
    .join('')}
  <rect x="256" y="460" width="914" height="260" rx="14" fill="#fff" stroke="#e2e8f0"/>
  <text x="276" y="496" font-family="${FONT}" font-weight="700" font-size="17" fill="#0f172a">Latest GDPR-consented leads</text>
  ${['Name', 'E-mail', 'Quest', 'Status'].map((h, i) => `<text x="${276 + i * 230}" y="530" font-family="${FONT}" font-size="13" fill="#94a3b8">${h}</text>`).join('')}
  ${rows
    .map(
      (r, j) =>
        `<line x1="276" x2="1150" y1="${544 + j * 42}" y2="${544 + j * 42}" stroke="#f1f5f9"/>${r
          .map(
            (c, i) =>
              `<text x="${276 + i * 230}" y="${572 + j * 42}" font-family="${FONT}" font-size="15" fill="${i === 3 ? (c === 'Synced' ? '#15803d' : '#b45309') : '#0f172a'}">${c}</text>`,
          )
          .join('')}`,
    )
    .join('')}`
  return windowFrame('Analytics and CRM', 4, body)
}

// ---------- Open Graph card (1200 × 630) ----------

function ogImage() {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2e1065"/><stop offset="1" stop-color="#831843"/></linearGradient>
  <linearGradient id="brand" x1="0" x2="1"><stop offset="0" stop-color="#a78bfa"/><stop offset="1" stop-color="#f472b6"/></linearGradient>
  <filter id="blur"><feGaussianBlur stdDeviation="70"/></filter></defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <g filter="url(#blur)"><circle cx="950" cy="160" r="200" fill="#7c3aed"/><circle cx="1050" cy="520" r="180" fill="#db2777"/></g>
  <rect x="80" y="80" width="64" height="64" rx="16" fill="url(#brand)"/><path d="M102 96 L128 112 L102 128 Z" fill="#fff"/>
  <text x="164" y="126" font-family="${FONT}" font-weight="700" font-size="40" fill="#fff">VidQuest</text>
  <text x="80" y="290" font-family="${FONT}" font-weight="700" font-size="76" fill="#fff">Engage. Reward.</text>
  <text x="80" y="380" font-family="${FONT}" font-weight="700" font-size="76" fill="url(#brand)">Convert.</text>
  <text x="80" y="470" font-family="${FONT}" font-size="32" fill="#e9d5ff">Rewarded video quests that turn viewers into customers.</text>
  <text x="80" y="550" font-family="${FONT}" font-size="26" fill="#f5d0fe">90%+ completion · 6-12% claim rate · 20x engagement</text>
</svg>`
}

// ---------- writing files ----------

async function renderVideo(
  name: string,
  dir: string,
  frame: (i: number, n: number) => string,
  seconds: number,
  fps: number,
  posterIndex: number,
) {
  const tmp = mkdtempSync(path.join(tmpdir(), `vq-${name}-`))
  const n = seconds * fps
  for (let i = 0; i < n; i++) {
    await sharp(Buffer.from(frame(i, n)))
      .png({ compressionLevel: 1 })
      .toFile(path.join(tmp, `f${String(i).padStart(4, '0')}.png`))
  }
  const input = ['-y', '-loglevel', 'error', '-framerate', String(fps), '-i', path.join(tmp, 'f%04d.png')]
  execFileSync('ffmpeg', [
    ...input,
    ...['-c:v', 'libx264', '-profile:v', 'high', '-crf', '30', '-preset', 'veryslow', '-pix_fmt', 'yuv420p'],
    ...['-movflags', '+faststart', '-an', path.join(dir, `${name}.mp4`)],
  ])
  execFileSync('ffmpeg', [
    ...input,
    ...['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-row-mt', '1', '-pix_fmt', 'yuv420p', '-an'],
    path.join(dir, `${name}.webm`),
  ])
  await sharp(Buffer.from(frame(posterIndex, n)))
    .webp({ quality: 72 })
    .toFile(path.join(dir, `${name}-poster.webp`))
  rmSync(tmp, { recursive: true, force: true })
}

async function main() {
  mkdirSync(demoDir, { recursive: true })
  const screens = { 'screen-dashboard': dashboardScreen(), 'screen-builder': builderScreen() }
  const more = { 'screen-claim': claimScreen(), 'screen-analytics': analyticsScreen() }
  for (const [name, svg] of Object.entries({ ...screens, ...more })) {
    const img = sharp(Buffer.from(svg), { density: 96 })
    await img
      .clone()
      .webp({ quality: 78 })
      .toFile(path.join(here, `${name}.webp`))
    await img
      .clone()
      .avif({ quality: 55 })
      .toFile(path.join(here, `${name}.avif`))
  }
  await sharp(Buffer.from(ogImage())).jpeg({ quality: 84, mozjpeg: true }).toFile(path.join(here, 'og-image.jpg'))
  await renderVideo('hero-loop', here, (i, n) => heroFrame(i / n), 8, 24, 0)
  await renderVideo('demo-ad', demoDir, (i, n) => demoFrame((i / n) * 6), 6, 24, 60)
  // The landing page's demo section previews the ad before the frame loads (features share no files).
  copyFileSync(path.join(demoDir, 'demo-ad-poster.webp'), path.join(here, 'demo-preview.webp'))
  for (const f of ['hero-loop.mp4', 'hero-loop.webm']) console.log(f, statSync(path.join(here, f)).size)
  for (const f of ['demo-ad.mp4', 'demo-ad.webm']) console.log(f, statSync(path.join(demoDir, f)).size)
}

await main()
