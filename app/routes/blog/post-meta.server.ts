import { blogBreadcrumbJsonLd } from '#app/routes/blog/breadcrumb.server.ts'
import {
  blogPostingJsonLd,
  faqJsonLd,
  type JsonLd,
  type MetaTag,
  OG_IMAGE_HEIGHT,
  OG_IMAGE_WIDTH,
  organizationJsonLd,
  pageMeta,
  postPath,
} from '#common/seo.ts'
import type { Config } from '#server/config.ts'
import type { PostPageData } from '#server/services/blog-pages.ts'

/** The branded image generated for a post (server/api/seo.ts /og/{slug}), versioned by its last change. */
export const generatedImagePath = (post: { slug: string; updatedAt: string }) =>
  `/og/${encodeURIComponent(post.slug)}?v=${new Date(post.updatedAt).getTime().toString(36)}`

/**
 * A post page's meta tags (title, description, canonical, Open Graph, X card, JSON-LD): one
 * function for the public page and the editor's share preview (issue 32), so they cannot differ.
 */
export function postPageMeta(found: PostPageData, config: Pick<Config, 'site' | 'publicUrl'>): MetaTag[] {
  const { post, faq, wordCount, description } = found
  const site = config.site
  // Link previews: the featured image, else the branded image generated for this post. The
  // version parameter changes when the post does, so previews pick up a new title.
  const image = post.featuredImage ?? generatedImagePath(post)
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
    blogBreadcrumbJsonLd({ name: post.title, path: postPath(post.slug) }, config.publicUrl),
    organizationJsonLd(site, config.publicUrl),
  ]
  const faqBlock = faqJsonLd(faq)
  if (faqBlock) jsonLd.push(faqBlock)
  return pageMeta({
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
}
