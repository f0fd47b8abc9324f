import type Sharp from 'sharp'

let loading: Promise<typeof Sharp> | undefined

/**
 * sharp, loaded on first use rather than at start: its native addon and libvips take ~40 ms to load,
 * and only image uploads, variants, covers and link-preview cards need it
 * (docs/decisions/042-fast-restart.md). Its libvips operation cache is off: the cache (by default up
 * to 50 MB and 100 operations) keeps decoded images in case the same operation runs again; this
 * server never repeats one, since uploads, variants and covers are stored once made. Load sharp
 * from here, not from 'sharp'. docs/decisions/038-server-memory.md
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false)
    return sharp
  })
  return loading
}

export type { OutputInfo } from 'sharp'
