import { breadcrumbJsonLd, type Crumb } from '#common/seo.ts'

/** The blog pages' breadcrumb: Home › Blog, then `page` (a category, an author, a post) when given. */
export const blogBreadcrumbJsonLd = (page: Crumb | null, publicUrl: string) =>
  breadcrumbJsonLd([{ name: 'Home', path: '/' }, { name: 'Blog', path: '/blog' }, ...(page ? [page] : [])], publicUrl)
