import {
  BadgePercent,
  Blocks,
  Clapperboard,
  Coins,
  Database,
  Gamepad2,
  Gem,
  Gift,
  type LucideIcon,
  Megaphone,
  MonitorPlay,
  ShieldCheck,
  Shirt,
  Smartphone,
  Sparkles,
  Trophy,
  Users,
  Wallet,
  Zap,
} from 'lucide-react'

export const FEATURES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: MonitorPlay,
    title: 'Rewarded video, done right',
    text: 'Viewers opt in to watch your ad because a reward waits at the end, so they actually pay attention.',
  },
  {
    icon: Gift,
    title: 'Rewards people want',
    text: 'Roblox UGC wearables, XP, vouchers, giveaways, digital collectibles and wallet tokens, all from one place.',
  },
  {
    icon: Database,
    title: 'First-party data you own',
    text: 'Every claim captures consented, GDPR-compliant contact details that sync with the CRM tools you already use.',
  },
  {
    icon: Zap,
    title: 'Launch in minutes',
    text: 'Upload a video, pick a reward, choose where viewers land next. No developers and no SDK to ship.',
  },
  {
    icon: Smartphone,
    title: 'Everywhere your audience is',
    text: 'Native overlays, outstream players and mobile interstitials, plus links ready for TikTok, Instagram and X.',
  },
  {
    icon: ShieldCheck,
    title: 'Fair by design',
    text: 'Fraud checks, one claim per person and transparent competition rules keep every quest trustworthy.',
  },
]

export interface HowItWorksStep {
  id: string
  icon: LucideIcon
  title: string
  summary: string
  description: string
  examples: string[]
}

/** docs/product.md §2: the four how-it-works cards; each opens a modal with description, examples, Demo and Close. */
export const HOW_IT_WORKS: HowItWorksStep[] = [
  {
    id: 'ad-formats',
    icon: Clapperboard,
    title: 'Ad Formats',
    summary: 'Pick the video placement that fits your campaign.',
    description:
      'Start with the format that suits your media plan. Every format carries a reward call to action, so the viewer knows why watching to the end is worth it.',
    examples: [
      'A native overlay on a publisher article inviting readers to watch for a voucher',
      'An outstream player in a news feed that unlocks bonus XP',
      'A full-screen mobile interstitial between game levels with a skin drop',
    ],
  },
  {
    id: 'social-formats',
    icon: Megaphone,
    title: 'Social Formats',
    summary: 'Share one quest link across every social channel.',
    description:
      'Every quest has its own short link and vertical-first landing page, so the same campaign runs in a TikTok bio, an Instagram story or a post on X.',
    examples: [
      'A TikTok creator pinning "watch and win" in their bio',
      'Instagram story stickers that open the quest in one tap',
      'A post on X with a tracked short link and live click counts',
    ],
  },
  {
    id: 'build-crm',
    icon: Users,
    title: 'Build CRM',
    summary: 'Turn every claim into a consented first-party lead.',
    description:
      'To claim, viewers enter their details with clear consent. Leads flow into your CRM with the quest, reward and source attached, ready for follow-up.',
    examples: [
      'Name and e-mail captured with GDPR-compliant consent',
      'Automatic sync to HubSpot, Salesforce, Klaviyo or Mailchimp',
      'Segments by quest, reward and channel for your next campaign',
    ],
  },
  {
    id: 'distribute-reward',
    icon: Trophy,
    title: 'Distribute Reward',
    summary: 'Deliver the reward instantly and send viewers to buy.',
    description:
      'The reward is delivered the moment the claim is confirmed, and the viewer is sent straight to your store, game or experience while intent is highest.',
    examples: [
      'Unique discount codes revealed on screen and by e-mail',
      'Roblox UGC items or in-game XP credited to the player',
      'Winners drawn fairly for contests and giveaways',
    ],
  },
]

export interface AdFormat {
  id: 'overlay' | 'outstream' | 'interstitial'
  title: string
  text: string
  points: string[]
}

/** docs/product.md §1: the three ad formats. */
export const AD_FORMATS: AdFormat[] = [
  {
    id: 'overlay',
    title: 'Native Overlay',
    text: 'A tasteful card that slides over publisher content and invites the reader to watch for a reward.',
    points: ['Matches the host page', 'Opt-in, never forced', 'Works on desktop and mobile'],
  },
  {
    id: 'outstream',
    title: 'Outstream Video',
    text: 'A player that opens inside articles and feeds, with the reward call to action built in.',
    points: ['Plays when in view', 'Muted start, sound on tap', 'Completion-based reward'],
  },
  {
    id: 'interstitial',
    title: 'Mobile Interstitial',
    text: 'A full-screen moment between levels or screens where the viewer chooses to watch and earn.',
    points: ['Vertical 9:16 video', 'Native-app feel', 'Instant in-game rewards'],
  },
]

export interface RewardOption {
  id: string
  icon: LucideIcon
  title: string
  summary: string
  description: string
  caseStudy: { brand: string; campaign: string; results: string[] }
}

/** docs/product.md §1/§2: the six reward cards; each modal carries a description and an example case study. */
export const REWARDS: RewardOption[] = [
  {
    id: 'roblox-ugc',
    icon: Shirt,
    title: 'Roblox UGC Wearables',
    summary: 'Limited avatar items players show off in game.',
    description:
      'Exclusive user-generated-content wearables for Roblox avatars. Players watch your video, claim the item and wear your brand in the experiences they love.',
    caseStudy: {
      brand: 'Nova Kicks (example brand)',
      campaign: 'A limited sneaker wearable dropped to players who watched the new-season trailer.',
      results: [
        '212,000 wearables claimed in 10 days',
        '94% video completion',
        '31% of claimers visited the web store',
      ],
    },
  },
  {
    id: 'xp-collectibles',
    icon: Gamepad2,
    title: 'XP and Collectibles',
    summary: 'Boosts, badges and in-game items for gamers.',
    description:
      'Reward gamers with experience points, power-ups and collectible badges that are credited straight to their account.',
    caseStudy: {
      brand: 'Starforge Studios (example brand)',
      campaign: 'Double XP weekend unlocked by watching the season-two launch video.',
      results: [
        '3.1x more returning players that weekend',
        '88% completion on a 45-second trailer',
        '58,000 new newsletter sign-ups',
      ],
    },
  },
  {
    id: 'nfts',
    icon: Gem,
    title: 'NFTs and Digital Assets',
    summary: 'Collectible digital art and passes, minted on claim.',
    description:
      'Digital collectibles, event passes and certificates of ownership, delivered without fees for the viewer and with clear terms.',
    caseStudy: {
      brand: 'Lumen Records (example brand)',
      campaign: 'A numbered digital poster for fans who watched the album teaser.',
      results: [
        '40,000 posters claimed in 72 hours',
        '12% of claimers pre-saved the album',
        '2.4x social shares versus the last release',
      ],
    },
  },
  {
    id: 'vouchers',
    icon: BadgePercent,
    title: 'Vouchers and Discount Codes',
    summary: 'Unique codes that turn attention into sales.',
    description:
      'Single-use discount codes generated per viewer, revealed instantly and sent by e-mail, so you can measure every sale a quest drives.',
    caseStudy: {
      brand: 'Harvest Market (example brand)',
      campaign: '15% off the first online order for watching a 30-second recipe video.',
      results: ['9.8% viewer-to-claim conversion', '27% of codes redeemed within a week', '4.6x return on ad spend'],
    },
  },
  {
    id: 'contests',
    icon: Sparkles,
    title: 'Contests and Giveaways',
    summary: 'Fair prize draws with clear rules and real winners.',
    description:
      'Run competitions where watching earns an entry. Rules, closing dates and winner draws are handled for you and shown to every entrant.',
    caseStudy: {
      brand: 'Orbit Cinemas (example brand)',
      campaign: 'Watch the trailer to win premiere tickets for two.',
      results: ['126,000 entries in two weeks', '92% trailer completion', '18,500 opted-in leads for future releases'],
    },
  },
  {
    id: 'wallet-tokens',
    icon: Wallet,
    title: 'Wallet-Based Token Rewards',
    summary: 'Loyalty points and tokens paid into viewer wallets.',
    description:
      'Credit loyalty points or tokens to a viewer wallet, so rewards add up across quests and bring people back for more.',
    caseStudy: {
      brand: 'Pulse Energy (example brand)',
      campaign: 'Loyalty tokens for every product video watched during launch month.',
      results: [
        '2.2 videos watched per member on average',
        '41% of members redeemed tokens in store',
        '19% lift in repeat purchases',
      ],
    },
  },
]

export const USE_CASES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Clapperboard,
    title: 'Movie Trailers',
    text: 'Fill seats on opening weekend: fans watch the trailer and win tickets, posters or early screenings.',
  },
  {
    icon: Gamepad2,
    title: 'Game Launches',
    text: 'Reward players with XP or wearables for watching the launch trailer, and grow your wishlist.',
  },
  {
    icon: Gift,
    title: 'Merch Drops',
    text: 'Build hype for a limited drop with early-access codes for everyone who watches.',
  },
  {
    icon: Megaphone,
    title: 'TikTok Promos',
    text: 'Give creators a quest link that turns views into claims you can measure and retarget.',
  },
]

export const CRM_NOTE = {
  icon: Blocks,
  title: 'CRM data capture',
  text: 'Every reward comes with GDPR-compliant data capture that syncs with major CRM tools.',
}

export const CLAW_PRIZES: { icon: LucideIcon; color: string }[] = [
  { icon: Gift, color: '#db2777' },
  { icon: Coins, color: '#d97706' },
  { icon: Gem, color: '#7c3aed' },
  { icon: Trophy, color: '#0891b2' },
]

export interface SectionCopy {
  eyebrow: string
  title: string
  text: string
}

/** The heading of each landing section, keyed by the section's id (the nav's anchors). */
export const SECTION_COPY = {
  features: {
    eyebrow: 'Features',
    title: 'Everything you need to reward attention',
    text: 'Brands run video ads with a reward call to action. Viewers watch, claim, and go straight to your store.',
  },
  'how-it-works': {
    eyebrow: 'How it works',
    title: 'From first view to loyal customer in four steps',
    text: 'Open any step to see what it looks like in a real campaign.',
  },
  'ad-formats': {
    eyebrow: 'Ad formats',
    title: 'Three formats, one reward-first experience',
    text: 'Every format leads with the reward, so viewers choose to watch instead of looking for the skip button.',
  },
  rewards: {
    eyebrow: 'Reward options',
    title: 'Pick the prize, we handle the rest',
    text: 'From avatar wearables to discount codes, choose what your audience values most.',
  },
  'use-cases': {
    eyebrow: 'Use cases',
    title: 'Built for launches people talk about',
    text: 'Wherever a video matters, a reward makes it worth watching to the end.',
  },
  results: {
    eyebrow: 'Results',
    title: 'Rewarded video simply performs better',
    text: 'Industry figures for rewarded formats, and what brands see when viewers choose to watch.',
  },
  demo: {
    eyebrow: 'Live demo',
    title: 'Play a video quest yourself',
    text: 'This is what your viewers see: a short video, a reward to claim, and a direct path to your store.',
  },
  articles: {
    eyebrow: 'From the blog',
    title: 'Latest articles',
    text: 'Ideas, playbooks and news on rewarded video and first-party data.',
  },
} satisfies Record<string, SectionCopy>
