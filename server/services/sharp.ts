import sharp from 'sharp'

/**
 * sharp with libvips' operation cache off. The cache (by default up to 50 MB and 100 operations)
 * keeps decoded images in case the same operation runs again; this server never repeats one, since
 * uploads, variants and covers are stored once made. Import sharp from here, not from 'sharp'.
 * docs/decisions/038-server-memory.md
 */
sharp.cache(false)

export default sharp
export type { OutputInfo } from 'sharp'
