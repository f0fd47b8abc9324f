import { CHANNEL_LABELS } from '#common/channel-names.ts'
import type { AttributionView } from '#common/contract/analytics.ts'

/**
 * How a lead came, in the inbox's words: the X post first (the most exact), then the campaign the
 * address carried, then the referring site; 'direct' when none is known. The post read is added
 * after a dot: 'via X post #12 · Rewarded video vs interstitials'.
 */
export function attributionLabel(a: AttributionView): string {
  const campaign = [a.utmSource, a.utmMedium, a.utmCampaign].filter(Boolean).join(' / ')
  const via =
    a.xPostId !== null
      ? `${CHANNEL_LABELS[a.channel ?? 'x']} post #${a.xPostId}`
      : campaign || a.referrer || 'a direct visit'
  return a.postTitle ? `via ${via} · ${a.postTitle}` : `via ${via}`
}

/** The first page the sender saw, when it is worth saying (not the page they wrote from). */
export const landingLabel = (a: AttributionView) => (a.landingPath ? `Landed on ${a.landingPath}` : null)
