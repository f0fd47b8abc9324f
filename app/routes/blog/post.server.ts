import { data } from 'react-router'
import { pageContext } from '#app/lib/context.ts'
import {
  blogPostingJsonLd,
  breadcrumbJsonLd,
  faqJsonLd,
  type JsonLd,
  OG_IMAGE_HEIGHT,
  OG_IMAGE_WIDTH,
  organizationJsonLd,
  pageMeta,
  postPath,
} from '#common/seo.ts'
import { getPostPage } from '#server/services/blog-pages.ts'
import type { Route } from './+types/post'

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, userId } = context.get(pageContext)
  const { config } = services
  const site = config.site
  // An admin may open a draft by its slug (the admin's View Post); visitors get 'Post Not Found'.
  const found = await getPostPage(services.database.db, params.slug, {
    includeDrafts: userId !== null,
    teamName: site.teamName,
  })
  if (!found) {
    return data(
      {
        found: null,
        meta: [{ title: `Post Not Found | ${site.brandName} Blog` }, { name: 'robots', content: 'noindex' }],
      },
      { status: 404 },
    )
  }
  const { post, faq, wordCount, description } = found
  // Link previews: the featured image, else the branded image generated for this post. The
  // version parameter changes when the post does, so previews pick up a new title.
  const generated = `/og/${encodeURIComponent(post.slug)}?v=${new Date(post.updatedAt).getTime().toString(36)}`
  const image = post.featuredImage ?? generated
  const seoPost = {
    title: post.title,
    slug: post.slug,
    description,
    author: post.author,
    authors: post.authors,
    category: post.categoryLabel === 'Article' && !post.category ? null : post.categoryLabel,
    tags: post.tags,
    publishedAt: post.publishedAt,
    updatedAt: post.updatedAt,
    image: new URL(image, `${config.publicUrl}/`).href,
    wordCount,
  }
  const jsonLd: JsonLd[] = [
    blogPostingJsonLd(seoPost, site, config.publicUrl),
    breadcrumbJsonLd(
      [
        { name: 'Home', path: '/' },
        { name: 'Blog', path: '/blog' },
        { name: post.title, path: postPath(post.slug) },
      ],
      config.publicUrl,
    ),
    organizationJsonLd(site, config.publicUrl),
  ]
  const faqBlock = faqJsonLd(faq)
  if (faqBlock) jsonLd.push(faqBlock)
  const meta = pageMeta({
    title: `${post.title} | ${site.brandName} Blog`,
    description,
    path: postPath(post.slug),
    publicUrl: config.publicUrl,
    site,
    type: 'article',
    image: post.featuredImage
      ? { url: seoPost.image, alt: post.title }
      : { url: seoPost.image, alt: post.title, width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT },
    article: {
      publishedAt: post.publishedAt,
      updatedAt: post.updatedAt,
      section: seoPost.category,
      tags: post.tags,
    },
    noindex: !post.isPublished,
    jsonLd,
  })
  return { found: { post }, meta }
}
