import { EMBED_FRAME_HOSTS } from '#common/embeds.ts'

/**
 * The click that loads an embed (issue 32, docs/decisions/054): the cards common/markdown.ts
 * writes ask nothing of YouTube or X until the reader presses their button. In plain DOM code so
 * that a page sent without React (app/islands/public-page.ts) and a post rendered by React
 * (article-body.tsx) behave alike. Shows each card's `hidden` button (without this script the card
 * is a plain link) and, on its click, puts the iframe of `data-embed-src` in the card's place.
 */
export function attachEmbeds(root: ParentNode) {
  for (const card of root.querySelectorAll<HTMLElement>('[data-embed-src]')) {
    const play = card.querySelector<HTMLButtonElement>('button[data-embed-play]')
    if (!play?.hidden) continue
    play.hidden = false
    play.addEventListener('click', () => loadEmbed(card))
  }
  if (!listening) {
    listening = true
    window.addEventListener('message', resizeXFrame)
  }
}

let listening = false

function loadEmbed(card: HTMLElement) {
  const src = card.dataset.embedSrc ?? ''
  // The renderer only writes these hosts; checked again so that no other address becomes a frame.
  if (!EMBED_FRAME_HOSTS.some((host) => src.startsWith(`${host}/`))) return
  const stage = card.querySelector('.md-embed-stage')
  if (!stage) return
  const frame = document.createElement('iframe')
  frame.src = src
  frame.title = card.dataset.embedTitle ?? 'Embedded content'
  frame.className = 'md-embed-frame'
  frame.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen; clipboard-write; web-share'
  frame.allowFullscreen = true
  frame.referrerPolicy = 'strict-origin-when-cross-origin'
  frame.loading = 'lazy'
  stage.replaceChildren(frame)
  card.dataset.embedLoaded = ''
  // The button the reader pressed is gone: keep their place on what replaced it.
  frame.focus()
}

/** X's post frame tells its parent how tall the post is (as widgets.js would hear it). */
function resizeXFrame(event: MessageEvent) {
  if (event.origin !== 'https://platform.twitter.com') return
  let data: unknown = event.data
  try {
    if (typeof data === 'string') data = JSON.parse(data)
  } catch {
    return
  }
  const message = (data as { 'twttr.embed'?: { method?: string; params?: { height?: unknown }[] } })?.['twttr.embed']
  const height = Number(message?.params?.[0]?.height)
  if (message?.method !== 'twttr.private.resize' || !(height > 0 && height < 5000)) return
  for (const frame of document.querySelectorAll<HTMLIFrameElement>('.md-embed-x iframe'))
    if (frame.contentWindow === event.source) frame.style.height = `${Math.ceil(height)}px`
}
