import { Rss, User } from 'lucide-react'
import { Link } from 'react-router'
import { authorPath } from '#common/contract/profile.ts'

/** Issue 28: the top of an author page: picture, name, bio, their feed. */
export function AuthorHeader({
  author,
  total,
}: {
  author: { name: string; slug: string; bio: string | null; avatar: string | null }
  total: number
}) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-violet-950 via-violet-800 to-pink-700 text-white">
      <div className="relative mx-auto flex max-w-6xl flex-col gap-6 px-4 pt-10 pb-16 sm:flex-row sm:items-center sm:px-6 sm:pt-14 sm:pb-20">
        {author.avatar ? (
          <img
            src={`${author.avatar}?w=480`}
            alt={`Portrait of ${author.name}`}
            width={128}
            height={128}
            className="size-24 shrink-0 rounded-full border-4 border-white/30 object-cover shadow-lg sm:size-32"
            data-testid="author-avatar"
          />
        ) : (
          <span className="flex size-24 shrink-0 items-center justify-center rounded-full border-4 border-white/30 bg-white/10 sm:size-32">
            <User className="size-10 text-violet-100" aria-hidden="true" />
          </span>
        )}
        <div className="min-w-0">
          <nav aria-label="Breadcrumb" className="text-sm font-semibold tracking-widest text-pink-200 uppercase">
            <Link to="/blog" className="rounded-md hover:text-white">
              Blog
            </Link>{' '}
            / Author
          </nav>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-balance break-words sm:text-5xl">
            {author.name}
          </h1>
          {author.bio ? (
            <p className="mt-4 max-w-2xl text-lg leading-8 text-pretty break-words text-violet-100">{author.bio}</p>
          ) : null}
          <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-violet-100">
            <span>{total === 1 ? '1 article' : `${total} articles`}</span>
            <a
              href={`${authorPath(author.slug)}/rss.xml`}
              className="inline-flex items-center gap-1.5 rounded-md font-semibold text-white underline-offset-4 hover:underline"
            >
              <Rss className="size-4" aria-hidden="true" />
              RSS feed of {author.name}
            </a>
          </p>
        </div>
      </div>
    </section>
  )
}
