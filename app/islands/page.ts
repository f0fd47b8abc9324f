/**
 * What every public page that is not hydrated does in the browser (a post, the blog list and the
 * landing page loaded as a document; routes with `handle.hydrate === false`, app/root.tsx). React renders those pages on the
 * server only; what they do in the browser is here, in plain DOM code shared with the React
 * components that do the same on a hydrated page: the visit or view beacon, the post remembered for
 * the contact form's attribution, the live view count, relative times in the reader's clock, Share,
 * the phone menu, the YouTube/X cards that load their frame on a click and the subscribe form.
 * docs/decisions/043-pages-without-hydration.md, 066-landing-without-react.md
 *
 * Run by the island scripts (app/islands/public-page.ts, and app/islands/landing.ts on `/`), each
 * built by Vite as a classic script of its own (imported with `?worker&url` in root.tsx: a bundle
 * with no imports and a hashed name), loaded with `defer`.
 */
import { sendView, sendVisit } from '#app/lib/beacons.ts'
import { attachEmbeds } from '#app/lib/embeds.ts'
import { rememberPost } from '#app/lib/first-touch.ts'
import { attachMobileMenu } from '#app/lib/mobile-menu.ts'
import { sharePage } from '#app/lib/share.ts'
import { attachSubscribeForm } from '#app/lib/subscribe-form.ts'
import type { ToastInput } from '#app/lib/toast.ts'
import { viewsLabel } from '#common/blog-rules.ts'
import { relativeTime } from '#common/display-text.ts'

const NOTE_MS = 5000
let noteTimer: ReturnType<typeof setTimeout> | undefined

export function showNote({ title = '', description = '', variant = 'default' }: ToastInput) {
  const note = document.getElementById('page-note')
  if (!note) return
  const titleEl = note.querySelector('[data-note-title]')
  const textEl = note.querySelector('[data-note-text]')
  if (titleEl) titleEl.textContent = title
  if (textEl) textEl.textContent = description
  note.dataset.variant = variant
  note.hidden = false
  clearTimeout(noteTimer)
  noteTimer = setTimeout(() => {
    note.hidden = true
  }, NOTE_MS)
}

/** A cover image that failed to load gives its place to the fallback after it (CoverImage). */
function replaceFailedCover(img: HTMLImageElement) {
  const fallback = img.nextElementSibling
  if (!(fallback instanceof HTMLTemplateElement) || !fallback.hasAttribute('data-cover-fallback')) return
  img.replaceWith(fallback.content.cloneNode(true))
  fallback.remove()
}

/** Attaches the page's behaviour; `attach` adds a page's own (the landing page's) before the beacon. */
export function startPage(attach?: () => void) {
  // Failed before this script ran (its error event is gone), or later.
  for (const img of document.querySelectorAll('img'))
    if (img.complete && img.naturalWidth === 0) replaceFailedCover(img)
  document.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLImageElement) replaceFailedCover(event.target)
    },
    true,
  )

  for (const time of document.querySelectorAll<HTMLTimeElement>('time[data-relative][datetime]')) {
    time.textContent = relativeTime(time.dateTime)
    time.dataset.hydrated = ''
  }

  const menu = document.querySelector<HTMLElement>('[data-testid="mobile-menu"]')
  if (menu) attachMobileMenu(menu)

  attachEmbeds(document)

  // Issue 30: the subscribe form sent in place (it posts to /subscribe without this script).
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-subscribe]')) attachSubscribeForm(form)

  document.addEventListener('click', (event) => {
    const target = event.target as Element | null
    const share = target?.closest<HTMLElement>('[data-share]')
    if (share) void sharePage({ title: share.dataset.shareTitle ?? '', text: share.dataset.shareText ?? '' }, showNote)
    if (target?.closest('[data-note-close]')) {
      const note = document.getElementById('page-note')
      if (note) note.hidden = true
    }
  })

  attach?.()

  // Issue 32: the editor's preview of a post (app/routes/admin/post-preview.tsx) is no reader's visit.
  if (document.documentElement.dataset.preview !== undefined) return void ready()

  const post = document.querySelector<HTMLElement>('article[data-post-slug]')
  const slug = post?.dataset.postSlug
  if (post && slug && post.dataset.published !== undefined) {
    // Issue 16: the post a later contact message is attributed to.
    rememberPost(Number(post.dataset.postId))
    const rendered = Number(post.dataset.postViews) || 0
    const count = post.querySelector('[data-testid="view-count"]')
    const show = (n: number) => {
      if (count && n > rendered) count.textContent = viewsLabel(n)
    }
    // A post's counted view is that page view's visit as well; a view this tab counted already is not.
    if (sendView(slug, rendered, show)) return void ready()
  }
  sendVisit(window.location.pathname)
  ready()
}

/** Tells the browser tests that the page's behaviour is attached (as hydration does for React). */
function ready() {
  document.documentElement.dataset.island = ''
}
