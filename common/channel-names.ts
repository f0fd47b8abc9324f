// Issue 29: the networks by name, without their counting rules (common/channels.ts loads X's
// twitter-text): what a contract, a public page or the server's start may import.
export const CHANNELS = ['x', 'linkedin', 'bluesky', 'mastodon', 'threads'] as const
export type Channel = (typeof CHANNELS)[number]

/** Each network's name as people know it. */
export const CHANNEL_LABELS: Record<Channel, string> = {
  x: 'X',
  linkedin: 'LinkedIn',
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
  threads: 'Threads',
}
