import { expect, test } from 'vitest'
import { attributionLabel, landingLabel } from '#app/features/admin/attribution.ts'
import type { AttributionView } from '#common/contract/analytics.ts'
import { NO_TOUCH } from '#tests/fixtures/touches.ts'

const none: AttributionView = { ...NO_TOUCH, channel: null, postTitle: null }

test('an X post names its number and the post it promotes', () => {
  expect(
    attributionLabel({
      ...none,
      xPostId: 12,
      channel: 'x',
      utmSource: 'x',
      utmMedium: 'social',
      utmCampaign: 'x-post-12',
      referrer: 't.co',
      postTitle: 'Rewarded video vs interstitials',
    }),
  ).toBe('via X post #12 · Rewarded video vs interstitials')
})

test('a social post on another network says which (issue 29)', () => {
  expect(
    attributionLabel({
      ...none,
      xPostId: 7,
      channel: 'linkedin',
      utmSource: 'linkedin',
      utmMedium: 'social',
      utmCampaign: 'linkedin-post-7',
      postTitle: 'Rewarded video vs interstitials',
    }),
  ).toBe('via LinkedIn post #7 · Rewarded video vs interstitials')
})

test('a campaign without an X post reads as its UTM values, before the referring site', () => {
  expect(attributionLabel({ ...none, utmSource: 'x', utmMedium: 'social', utmCampaign: 'x-post-12' })).toBe(
    'via x / social / x-post-12',
  )
  expect(attributionLabel({ ...none, utmSource: 'newsletter', referrer: 'mail.example.com' })).toBe('via newsletter')
})

test('a referring site is named by its host, with the post read', () => {
  expect(attributionLabel({ ...none, referrer: 'news.ycombinator.com', postId: 3, postTitle: 'Title' })).toBe(
    'via news.ycombinator.com · Title',
  )
})

test('nothing known is a direct visit', () => {
  expect(attributionLabel(none)).toBe('via a direct visit')
  expect(attributionLabel({ ...none, postTitle: 'Read first' })).toBe('via a direct visit · Read first')
})

test('the landing page is said only when there is one', () => {
  expect(landingLabel({ ...none, landingPath: '/blog/ads' })).toBe('Landed on /blog/ads')
  expect(landingLabel(none)).toBeNull()
})
