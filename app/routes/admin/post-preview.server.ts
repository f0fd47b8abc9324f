import { data, redirect } from 'react-router'
import { pageContext } from '#app/lib/context.ts'
import { ogPreviewPath } from '#common/contract/og-preview.ts'
import { PREVIEW_VIEWS, PreviewInput, type PreviewView, type ShareCard } from '#common/contract/preview.ts'
import type { MetaTag } from '#common/seo.ts'
import { previewPostPage } from '#server/services/blog-pages.ts'
import { postPageMeta } from '../blog/post-meta.server.ts'
import type { Route } from './+types/post-preview'

/** A page request without a session is redirected by server/app.ts; a `.data` request here. */
function signedIn(userId: number | null, url: URL) {
  if (userId === null) throw redirect(`/admin/login?next=${encodeURIComponent(url.pathname)}`)
}

export function loader({ context, request }: Route.LoaderArgs) {
  signedIn(context.get(pageContext).userId, new URL(request.url))
  return null
}

const contentOf = (meta: MetaTag[], key: string) => {
  const tag = meta.find((m) => ('property' in m && m.property === key) || ('name' in m && m.name === key))
  return tag && 'content' in tag ? tag.content : ''
}

/**
 * Issue 32: the editor posts its unsaved form here, into an iframe (docs/decisions/053). Rendered
 * as the public post page is, by the same mapping, renderer and components; or, for `view=share`,
 * the link card its meta tags would give. Nothing is saved.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, userId } = context.get(pageContext)
  signedIn(userId, new URL(request.url))
  const form = await request.formData().catch(() => null)
  const raw = form?.get('post')
  const view = form?.get('view') ?? 'page'
  let json: unknown = null
  try {
    json = typeof raw === 'string' ? JSON.parse(raw) : null
  } catch {}
  const parsed = PreviewInput.safeParse(json)
  if (!parsed.success || !PREVIEW_VIEWS.includes(view as PreviewView)) {
    return data({ error: 'The preview could not be read. Close it and open Preview again.' } as const, { status: 400 })
  }
  const { config } = services
  const found = await previewPostPage(services.database.db, parsed.data, config.site.teamName)
  if (view === 'page') return { view: 'page', post: found.post } as const
  const meta = postPageMeta(found, config)
  // A post without a featured image shares the branded image generated for it: drawn from the
  // unsaved values, since /og/{slug} draws the saved ones (and none for a draft).
  const image = found.post.featuredImage ?? ogPreviewPath(found.post)
  const share: ShareCard = {
    title: contentOf(meta, 'og:title'),
    description: contentOf(meta, 'og:description'),
    image,
    imageAlt: contentOf(meta, 'og:image:alt'),
    host: new URL(config.publicUrl).host,
  }
  return { view: 'share', share } as const
}
