import { use, useCallback, useState } from 'react'
import { StaticPage } from '#app/lib/static-page.ts'
import { responsiveSrcSet } from '#common/blog-rules.ts'

/**
 * A post image that turns into `fallback` when it has no address or fails to load (docs/product.md §8:
 * "Article or blog image load failure shows a branded or gradient placeholder"). An image that
 * already failed before hydration is caught by the ref check, since its error event is gone. On a
 * page sent without React, the fallback waits in a `<template>` after the image, and the island
 * script puts it in the image's place when the image fails (app/islands/public-page.ts).
 */
export function CoverImage({
  src,
  alt,
  fallback,
  sizes,
  ...props
}: Omit<React.ComponentProps<'img'>, 'src' | 'srcSet' | 'alt'> & {
  src: string | null
  /** '' when the image only decorates (a card whose title says it all). */
  alt: string
  fallback: React.ReactNode
}) {
  const staticPage = use(StaticPage)
  const [failed, setFailed] = useState(false)
  const check = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0) setFailed(true)
  }, [])
  if (!src || failed) return <>{fallback}</>
  const srcSet = responsiveSrcSet(src)
  const image = (
    <img
      ref={check}
      src={src}
      alt={alt}
      srcSet={srcSet ?? undefined}
      sizes={srcSet ? sizes : undefined}
      onError={() => setFailed(true)}
      {...props}
    />
  )
  if (!staticPage) return image
  return (
    <>
      {image}
      <template data-cover-fallback="">{fallback}</template>
    </>
  )
}
