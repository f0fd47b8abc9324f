import { ArrowRight, CalendarDays, Newspaper } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { SectionHeading } from '#app/features/landing/section-heading.tsx'

/** What a landing article card needs, computed on the server (no post bodies reach the browser). */
export interface ArticleCard {
  slug: string
  title: string
  /** Display label; 'Article' when the post has no category. */
  category: string
  teaser: string
  /** Long US date, e.g. 'November 21, 2026'; empty when unknown. */
  date: string
  dateTime: string | null
  cover: string | null
}

/** The branded gradient shown when a post has no cover or its image fails. */
function CoverPlaceholder() {
  return (
    <div
      data-testid="cover-placeholder"
      className="flex size-full items-center justify-center bg-gradient-to-br from-violet-700 via-fuchsia-700 to-pink-600"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-white/15 text-white ring-1 ring-white/30">
        <Newspaper className="size-7" aria-hidden="true" />
      </span>
    </div>
  )
}

function Cover({ src }: { src: string | null }) {
  const [broken, setBroken] = useState(false)
  const ref = useRef<HTMLImageElement>(null)
  // An image that failed before hydration fired its error event before React listened. (A lazy
  // image not requested yet has no currentSrc: its failure, if any, will reach onError.)
  useEffect(() => {
    const img = ref.current
    if (img?.complete && img.currentSrc !== '' && img.naturalWidth === 0) setBroken(true)
  }, [])
  if (!src || broken) return <CoverPlaceholder />
  return (
    <img
      ref={ref}
      src={src}
      alt=""
      width={640}
      height={360}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
      className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
    />
  )
}

export function LatestArticles({ articles }: { articles: ArticleCard[] }) {
  return (
    <section id="articles" aria-labelledby="articles-title" className="scroll-mt-16 bg-white py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="articles-title"
          eyebrow="From the blog"
          title="Latest articles"
          text="Ideas, playbooks and news on rewarded video and first-party data."
        />
        {articles.length === 0 ? (
          <p className="mt-12 text-center text-slate-600">New articles are on their way. Check back soon.</p>
        ) : (
          <ul className="mt-14 grid gap-6 md:grid-cols-3">
            {articles.map((a) => (
              <li key={a.slug}>
                <Link
                  to={`/blog/${a.slug}`}
                  data-testid="article-card"
                  className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
                >
                  <div className="aspect-video overflow-hidden bg-slate-100">
                    <Cover src={a.cover} />
                  </div>
                  <div className="flex flex-1 flex-col p-6">
                    <span className="w-fit rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-800">
                      {a.category}
                    </span>
                    <h3 className="mt-3 text-lg font-semibold text-slate-900 group-hover:text-violet-800">{a.title}</h3>
                    <p className="mt-2 flex-1 text-slate-600">{a.teaser}</p>
                    {a.date && (
                      <p className="mt-4 flex items-center gap-1.5 text-sm text-slate-600">
                        <CalendarDays className="size-4" aria-hidden="true" />
                        <time dateTime={a.dateTime ?? undefined}>{a.date}</time>
                      </p>
                    )}
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-12 text-center">
          <Button asChild size="lg" variant="outline">
            <Link to="/blog" onClick={() => window.scrollTo({ top: 0 })}>
              View All Articles
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  )
}
