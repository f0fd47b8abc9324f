export type SampleCategory = 'technology' | 'company' | 'market-trends' | 'new-releases'

export interface SamplePost {
  title: string // <= 90 chars
  slug: string // lowercase-hyphenated, <= 60 chars, unique
  excerpt: string // one or two sentences, <= 160 chars, first sentence ends with a period
  content: string // markdown
  category: SampleCategory
  tags: string[] // 2-5 lowercase tags
  author: string // a person's name, or 'VidQuest Team'
  isPublished: boolean
  aiGenerated: boolean
  /** days before seeding the post was published; null for a draft */
  publishedDaysAgo: number | null
}

export const samplePosts: SamplePost[] = [
  {
    title: 'Rewarded Video vs Interstitials: Why Opt-In Wins on Completion',
    slug: 'rewarded-video-vs-interstitials-completion',
    excerpt:
      'Interstitials interrupt, rewarded video invites. Here is why an opt-in value exchange lifts completion rates and what that means for your media plan.',
    content: `## The problem with standing in the doorway

A forced interstitial arrives at the exact moment someone is trying to do something else. They tapped through to the next level, the next article or the next screen, and an ad is standing in the doorway. Most of us have learned the reflex: find the close button, wait out the countdown, look somewhere else. The impression gets counted, but attention rarely does.

Rewarded video flips the order of events. The viewer sees an offer first - watch this 30-second trailer and claim a limited wearable, a discount code or an entry into a giveaway - and chooses to press play. Nothing is in the way, because the viewer asked for the ad.

## Why opt-in changes completion

Completion rate is a blunt metric, but it is the one most media teams can compare across formats. With rewarded video it behaves differently for three reasons.

- **Intent is declared up front.** The person who taps "Watch to claim" has already decided the next thirty seconds are worth it. The early drop-off that dominates interstitial reports largely disappears.
- **The reward sits at the end.** Because the claim unlocks only when the video finishes, the natural stopping point is the last frame, not the skip button.
- **There is nothing to escape from.** Interstitials train people to hunt for the close icon. A quest has a clear start and a clear finish, so there is little reason to hunt.

Across the campaigns we run, rewarded placements routinely complete well above what the same creative achieves as a forced, unrewarded interstitial. The exact gap depends on creative length, audience and the reward itself, so treat any benchmark you read - including ours - as a hypothesis for your own test rather than a promise.

## What happens after the last frame

Completion is where an interstitial's job ends. For a video quest it is where the useful part begins. After the video, the viewer enters the details needed to receive their reward, chooses whether the brand may stay in touch, receives the reward and lands on the brand's own site.

That sequence turns a media metric into a marketing one. Instead of reporting a completion percentage, you can report how many viewers claimed, how many opted in to email and how many reached a product page. Those are numbers a CMO recognises. Quests can run in Native Overlay, Outstream Video and Mobile Interstitial placements; what they share is the reward call to action and the claim flow behind it.

## A worked example

Imagine a fictional snack brand, Crunchwell, launching a new flavour. As an illustration, it splits a test budget between a standard unrewarded interstitial and a video quest that offers a 20% voucher for finishing the same 20-second spot.

The interstitial buys cheaper impressions, and most of them are skipped or ignored. The quest buys fewer views, but nearly every view is watched to the end, a meaningful share of viewers claim the voucher, and each claim arrives with a visit to the product page and, where the viewer agreed, a consented email address. When Crunchwell compares cost per engaged visitor rather than cost per impression, the picture often reverses.

## How to run a fair test

- Use the same creative in both arms, trimmed to the same length.
- Decide the success metric before launch: completed views, claims or site visits.
- Keep the reward modest and relevant; an oversized prize inflates completion with people who will never buy.
- Run long enough to see past the novelty spike, usually at least two weeks.

If you would like to compare formats on your own campaign, [talk to our team](/#contact) and we will help you set up a clean split.

## Frequently asked questions

### Does rewarded video only work in games?

No. Games popularised the format, but the mechanic works anywhere a viewer values the reward: a voucher on a retail site, early access for a film fan, a collectible for a sports community. What matters is the fit between the audience and the reward, not the environment the ad appears in.

### Will a reward attract people who only want the freebie?

Some, which is why reward design matters. Rewards tied to your product - a discount, a branded in-game item, a draw for your merchandise - attract people who already care about the category. Generic cash-like rewards attract everyone, including people who will never come back.

### How long should a rewarded video be?

Most brands land between 15 and 30 seconds. Longer can work for trailers and launches where the content itself is the draw, but test it rather than assume it.
`,
    category: 'technology',
    tags: ['rewarded-video', 'completion-rate', 'ad-formats'],
    author: 'Priya Desai',
    isPublished: true,
    aiGenerated: false,
    publishedDaysAgo: 3,
  },
  {
    title: 'Gen Z and the Value Exchange: Why Young Audiences Expect Something Back',
    slug: 'gen-z-value-exchange-rewarded-advertising',
    excerpt:
      'Gen Z grew up skipping ads, not ignoring brands. Offering something of real value for their attention changes how they respond.',
    content: `## Skipping ads is not the same as ignoring brands

Gen Z grew up with skip buttons, ad blockers and feeds that refresh faster than a pre-roll can finish. It would be easy to conclude that they simply do not want advertising. Spend time with the data and the opposite picture appears: they follow brands, queue for drops, collect digital items and talk about products constantly. What they resist is being interrupted for nothing.

One figure comes up again and again in our briefings: 84% of Gen Z say they prefer brands that offer them something of value. Whatever the precise number in your own research, the direction is consistent. This audience responds to a fair trade, and it notices when a brand treats its attention as free.

## What value means to a 19-year-old

Value is broader than money off. When we look at which rewards young viewers actually claim, they tend to fall into a handful of groups.

- **Digital identity.** Avatar items, Roblox UGC wearables, badges and skins that say something about the person wearing them.
- **Progress.** XP, streaks and collectibles that move someone forward in a game or community they already care about.
- **Access.** An early look at a trailer, a beta invite or first dibs on a limited drop.
- **Money off.** Vouchers and discount codes, especially for students and first-time buyers.
- **A chance to win.** Contests and giveaways, when the prize is genuinely desirable and the rules are clear.
- **Ownership.** NFTs, digital assets and wallet-based token rewards for the smaller, crypto-curious segment of the audience.

The common thread is relevance. A wearable from a streetwear brand makes sense; a random gift card from the same brand feels like a bribe.

## Why the trade has to be honest

Young audiences are quick to spot a bait-and-switch, and quicker to say so in public. A few rules keep the exchange fair:

- Say exactly what the viewer will get before they press play.
- Deliver the reward immediately after the claim, not days later.
- Ask only for the details needed to deliver the reward, and make any marketing opt-in a separate, clear choice.
- Never hide the conditions of a contest in small print.

This is also where GDPR and good marketing point the same way. Consent that is specific and freely given produces a smaller list, but one made of people who actually want to hear from you.

## Designing for the feed

Most Gen Z viewers will meet your quest on a phone, often in the middle of something else. Show the reward in the first frame, keep the creative short and vertical-friendly, and make the claim form a matter of seconds rather than minutes. If the reward is a digital item, show it being worn or used; people want to picture it on their own avatar or in their own collection.

## An example campaign

Picture a fictional streetwear label, Northpaw, launching a new trainer. Instead of a standard pre-roll, it runs a 20-second quest: watch the drop film and claim a matching Roblox wearable. As an illustration, suppose a few hundred thousand completed views lead to tens of thousands of claims, a healthy share of which opt in to hear about the physical release. On drop day, Northpaw is emailing people who have already worn the shoe, at least digitally.

## What to measure

Cost per thousand impressions tells you little about a value exchange. Track claims, opt-in rate, visits to your site after the claim and, where you can, repeat engagement over the following weeks. Those numbers show whether the trade worked for both sides.

For more ideas on reward design, browse the rest of [the VidQuest blog](/blog).
`,
    category: 'market-trends',
    tags: ['gen-z', 'value-exchange', 'rewards'],
    author: 'VidQuest Team',
    isPublished: true,
    aiGenerated: true,
    publishedDaysAgo: 9,
  },
  {
    title: 'New: Roblox UGC Wearable Rewards for Video Quests',
    slug: 'roblox-ugc-wearable-rewards-launch',
    excerpt:
      'Brands can now reward viewers with a Roblox UGC wearable for completing a video quest. Here is how it works and how to plan a campaign around it.',
    content: `## What is new

Video quests can now deliver **Roblox UGC wearables** as the reward. A viewer watches your video, enters their Roblox username, receives a branded item for their avatar and then lands on your site. It sits alongside the rewards brands already use - vouchers, XP and collectibles, contests, digital assets and wallet-based tokens - and it is available on all three of our formats: Native Overlay, Outstream Video and Mobile Interstitial.

We built it because brands kept asking for the same thing: a reward that young audiences show off rather than file away. A discount code is used once. A jacket, hat or backpack on an avatar is seen by everyone that player meets.

## How the claim flow works

From the viewer's side, the experience is short:

- They see the reward offer and choose to watch.
- When the video finishes, the claim form unlocks.
- They enter their Roblox username and any other details the campaign needs.
- They receive the item, or a link to collect it, depending on how the campaign is configured.
- They land on the page you choose, such as a product page, a trailer or a store locator.

From your side, every claim appears in your campaign dashboard, and the details the viewer agreed to share sync to your CRM alongside their consent status.

## Planning your item

The item is the campaign, so give it the same care you would give a piece of physical merchandise.

- **Make it recognisably yours.** Colours, patterns and shapes people associate with your brand work better than a large logo.
- **Design for small screens.** Avatars are often seen at a distance. Bold shapes read better than fine detail.
- **Think in collections.** A series of items released across several quests gives people a reason to come back.
- **Allow time for review.** Items go through Roblox's own moderation before they can be distributed, so build that into your launch plan.

Our creative team can help with concepts and production if you do not have 3D designers in-house.

## Audience and responsibility

Roblox has a large younger audience, and brands have a responsibility that goes with that. Quests with Roblox rewards follow the platform's rules for advertising and UGC, respect age-appropriate targeting, and keep data collection to the minimum needed to deliver the item. If your campaign is aimed at adults, say so in your brief and we will set targeting and creative accordingly.

## An example

Imagine a fictional outdoor brand, Ridgeback, launching a waterproof jacket. As an illustration, its quest offers a matching avatar jacket for watching a 25-second film shot on a wet hillside. Viewers who claim are sent to the jacket's product page, and those who opt in receive an email when the physical version is back in stock. The digital jacket keeps appearing in games long after the media spend has stopped.

Ready to plan one? [Get in touch](/#contact) and we will walk you through timings and costs.

## Frequently asked questions

### Do viewers need a Roblox account to claim?

Yes. The wearable is delivered to a Roblox account, so the claim form asks for a username. If you want to reach people without an account, you can offer an alternative reward in the same campaign, such as a voucher or a contest entry.

### Can we limit how many items are given away?

Yes. You can cap total claims, cap claims per day, or run the item as a limited edition that closes when stock runs out. Scarcity works well, as long as the offer states the limit clearly.

### Can the item be used outside Roblox?

No. The wearable lives in Roblox. Many brands pair it with a physical product, a discount or a giveaway so that the campaign carries over into the real world.
`,
    category: 'new-releases',
    tags: ['roblox', 'ugc', 'product-update', 'rewards'],
    author: 'Tom Whitaker',
    isPublished: true,
    aiGenerated: false,
    publishedDaysAgo: 14,
  },
  {
    title: 'First-Party Data Without Cookies: A GDPR-Compliant Playbook for Brands',
    slug: 'first-party-data-gdpr-video-quests',
    excerpt:
      'Third-party cookies are a shrinking foundation for targeting. Video quests give brands a consented way to build first-party data they actually own.',
    content: `## The ground has already moved

Whatever the timetable for third-party cookies in any individual browser, their usefulness has been shrinking for years. Several major browsers block them by default, consent banners reduce the share of visitors who can be tracked, and people increasingly move between devices and apps that cookies never reached in the first place. Audiences built on borrowed identifiers get smaller and less accurate every quarter.

The answer most brands reach is the same: collect more **first-party data**, meaning information people give you directly, with their knowledge and agreement. The hard part is giving them a reason to do it.

## Why a value exchange helps

Newsletter pop-ups ask for an email address and offer very little in return. A video quest reverses that. The viewer has just watched your video, they are about to receive a reward they chose, and the claim form is the natural next step. Because the form exists to deliver something they want, people are more willing to complete it accurately.

This does not mean the reward buys consent. It means the moment is right to ask.

## Building it the GDPR way

GDPR and, in the UK, UK GDPR alongside PECR set the rules for collecting personal data and sending electronic marketing. A quest that respects them looks something like this:

- **Collect only what you need.** If the reward is a discount code, an email address may be enough. Do not ask for a date of birth because it might be useful one day.
- **Separate the claim from the marketing opt-in.** Viewers should be able to receive the reward without agreeing to marketing. Marketing consent is its own unticked box with its own plain-language wording.
- **Be specific.** Tell people who will contact them, about what, and how to stop.
- **Record the evidence.** Keep the consent wording, the time and the campaign it came from, so you can show how each record was collected.
- **Respect withdrawal.** If someone unsubscribes, that change has to reach every system that holds their details.

This is a practical summary, not legal advice. Your own data protection lead or legal team should review any campaign that collects personal data.

## Getting the data where it is useful

Data sitting in an export file helps nobody. VidQuest syncs claim data to your CRM as claims happen, with each field mapped to the right place and the consent status carried alongside it. That means a viewer who opted in can receive a welcome email within minutes, while one who did not is stored only as far as needed to deliver their reward.

Tagging each record with the quest, the reward and the creative it came from also gives you something cookies never did: a clear view of which video and which reward brought in which customers.

## An example

As an illustration, consider a fictional skincare brand, Fernleaf, that runs an Outstream Video quest offering a sample-size product for watching a 30-second routine video. The claim form asks for a name and delivery address - needed to post the sample - plus an optional box to receive tips and offers by email. Fernleaf ends the month with a list of people who have asked to hear from it, each one linked to the product they chose.

To see how a quest could feed your CRM, [contact our team](/#contact).

## Frequently asked questions

### Is data collected through a quest really first-party data?

Yes. The viewer gives their details directly to your brand through the claim form, for a stated purpose. VidQuest processes that data on your behalf to deliver the reward and sync it to your systems.

### Can we require marketing consent in order to claim the reward?

We advise against it. Making a reward conditional on marketing consent makes it hard to argue that the consent was freely given. Keep the claim and the opt-in separate, and let the quality of your emails earn the subscription.

### What happens when a viewer withdraws consent later?

Their consent status is updated and the change syncs to your CRM, so they stop receiving marketing. Any details kept to deliver the reward are handled under the retention period you set for the campaign.
`,
    category: 'technology',
    tags: ['first-party-data', 'gdpr', 'crm', 'privacy'],
    author: 'Hannah Okafor',
    isPublished: true,
    aiGenerated: false,
    publishedDaysAgo: 22,
  },
  {
    title: 'How to Design a Reward for a Trailer, Game Launch, Merch Drop or TikTok Promo',
    slug: 'designing-rewards-for-launches-and-drops',
    excerpt:
      'The best reward feels like part of the campaign, not a bribe. Four launch scenarios and the reward mechanics that suit each one.',
    content: `## Start with the story, not the prize

The most common mistake we see in a first quest is choosing the reward last. The creative is finished, the media is booked, and someone asks what we should give away. The result is usually a generic voucher bolted onto a campaign that has nothing to do with it.

A good reward is an extension of the story you are already telling. It should make sense to someone who has just watched your video, and it should leave them a little closer to the thing you actually want them to do next. Here are four common launch scenarios, each with a fictional brand and a reward that fits.

## A movie trailer

Hollowmere Pictures, an invented studio, is releasing a supernatural thriller. The goal is ticket sales on opening weekend, so the reward has to create anticipation and point towards a cinema.

- **Reward:** an exclusive collectible from the film - a character badge for a fan community, or an avatar item based on a prop from the film.
- **Bonus mechanic:** everyone who claims is entered into a draw for tickets to an early screening.
- **Landing page:** showtimes, not the studio homepage.

The trailer already does the persuading. The reward gives fans something to share and a reason to come back when tickets go on sale.

## A game launch

Lanternfall, a fictional adventure game, launches on console and PC. Players care about progress and status.

- **Reward:** in-game XP, a starter item or a cosmetic redeemable on day one.
- **Why it works:** it rewards the people most likely to buy, and the item follows them into the game.
- **Watch out for:** codes that cannot be redeemed until launch. Tell viewers exactly when and how to use them.

## A merch drop

Kestrel and Pine, an invented outdoor apparel label, is releasing a limited run of fleeces.

- **Reward:** early access - a code that unlocks the drop an hour before the public - or a discount for first-time buyers.
- **Why it works:** scarcity is the product. Giving quest viewers a head start turns the video into a way in, not an ad.
- **Pair it with:** a matching digital wearable, so people who miss the physical drop still have something to show.

## A TikTok promo

Brightfizz, a fictional soft drink, is running a creator campaign and wants to capture the audience that the creators bring in.

- **Reward:** a contest entry or giveaway, with the video featuring the creators themselves.
- **Why it works:** the audience arrives curious but has no relationship with the brand yet. A low-friction reward converts that curiosity into a claim and, where the viewer agrees, a contact.
- **Keep it tidy:** contests need clear terms, eligibility rules and a closing date, and those terms should be one tap away from the claim form.

## Four principles that apply to every quest

- **Relevance.** The reward should only make sense coming from you.
- **Immediacy.** Deliver the reward as soon as the claim is made, or say exactly when it will arrive.
- **Proportion.** The reward should be worth thirty seconds of attention, not a week's wages. Oversized prizes attract people who will never return.
- **Honesty.** If quantities are limited, say how limited. If a code expires, show the date.

## Measure the next step, not just the claim

Each scenario above has a different next step: a ticket, a download, a purchase, a follow. Set the landing page and the success metric around that step before launch, and compare rewards by how many people take it, not just by how many people claim.

Want help choosing a reward for your next launch? [Tell us about your campaign](/#contact), or read more ideas on [the blog](/blog).
`,
    category: 'market-trends',
    tags: ['reward-design', 'campaign-planning', 'launches'],
    author: 'Callum Reid',
    isPublished: true,
    aiGenerated: false,
    publishedDaysAgo: 31,
  },
  {
    title: 'Introducing the VidQuest Campaign Studio',
    slug: 'introducing-vidquest-campaign-studio',
    excerpt:
      'We have formed a dedicated team to help brands design rewards, creative and claim flows. Here is who it is for and how to work with it.',
    content: `## Why we built a studio

When we started VidQuest, we assumed most brands would arrive with a video ready to go and only need our formats and claim technology. Some do. Many more arrive with a launch date, a budget and a question: what should we actually offer people?

Answering that question well takes a mix of skills that rarely sit in one team - media planning, creative production, 3D design for digital wearables, CRM setup and a working knowledge of data protection. Over the past year we found ourselves assembling that mix campaign by campaign. The Campaign Studio makes it permanent.

## What the studio does

The studio works alongside your own marketing team and agencies, not instead of them. Depending on what you need, it can help with:

- **Reward strategy.** Choosing between vouchers, digital wearables, XP and collectibles, contests, digital assets and wallet-based tokens, based on your audience and goal.
- **Creative adaptation.** Cutting existing video into lengths and aspect ratios that suit Native Overlay, Outstream Video and Mobile Interstitial placements, with the reward shown clearly in the opening seconds.
- **Digital item design.** Concepts and production for Roblox UGC wearables and other collectibles, including preparation for platform review.
- **Claim flow and consent.** Designing forms that ask only for what is needed, with clear, separate marketing opt-ins that your legal team can sign off.
- **CRM integration.** Mapping claim fields and consent status into your CRM so that data is useful from the first day of the campaign.
- **Reporting.** Agreeing the metrics that matter before launch, and reading the results with you afterwards.

## Who it is for

The studio is designed for brands running their first quest, and for teams that want to move faster than their internal resources allow. Typical projects include a film studio planning a trailer campaign, a games publisher preparing a launch, a retailer testing rewarded video against its existing display spend, and a consumer brand building a first-party data programme as cookie-based targeting becomes less reliable.

Brands that already know exactly what they want can continue to run campaigns directly on the platform. The studio is there when it helps, not as a mandatory extra.

## How we work

Every studio project starts with a short discovery call covering your goal, audience, timeline and any existing assets. From there we put together a plan covering the reward, the creative, the claim flow, the CRM connection and the measurement approach, with a clear timeline and cost. Nothing goes live until you have approved the creative, the reward and the wording of every consent statement.

We also share what we learn. Patterns from studio projects, with client details removed, will appear here on [the blog](/blog) as practical guides on reward design, conversion and data capture.

## A UK company working across Europe

VidQuest is a UK-registered company, and the studio team works with brands in the UK and across Europe. Building campaigns around UK GDPR and EU GDPR from the start is part of how we work, not an afterthought, and it shapes everything from the questions on a claim form to the way consent is recorded and synced.

## Get in touch

If you have a launch coming up, or you simply want to understand whether rewarded video fits your plans, we would like to hear from you. [Contact the team](/#contact) and tell us a little about what you are working on. We will come back with honest advice, including when a quest is not the right tool for the job.
`,
    category: 'company',
    tags: ['company-news', 'campaign-studio', 'team'],
    author: 'VidQuest Team',
    isPublished: true,
    aiGenerated: false,
    publishedDaysAgo: 45,
  },
  {
    title: 'Measuring Viewer-to-Claim Conversion: What Good Looks Like',
    slug: 'measuring-viewer-to-claim-conversion',
    excerpt:
      'Viewer-to-claim conversion is the clearest sign that a reward works. How to define it, what ranges to expect and which levers move it.',
    content: `## Why this metric matters

Completion rate tells you whether people watched. Viewer-to-claim conversion tells you whether the reward was worth acting on. It is the point where a media metric becomes a marketing one, because every claim comes with a person who chose to engage, a visit to your site and, where they agreed, a way to stay in touch.

## Defining it properly

Before comparing numbers, agree on the denominator. We define viewer-to-claim conversion as **completed claims divided by completed views**. Some teams divide by video starts or by impressions instead, which produces much smaller numbers and makes comparisons meaningless. Whatever you choose, write it down and use it consistently across campaigns and agencies.

It also helps to look at the full funnel rather than a single figure:

- **Impressions** - how often the offer was shown.
- **Starts** - how many people chose to watch.
- **Completions** - how many reached the end of the video.
- **Claim starts** - how many opened the claim form.
- **Claims** - how many submitted it successfully.
- **Landings** - how many arrived on your site afterwards.

When conversion is lower than expected, this breakdown shows where people are leaving.

## What good looks like

Across the campaigns we typically see, viewer-to-claim conversion sits somewhere between **6% and 12%**. Treat that as a rough guide rather than a target. A highly desirable reward aimed at a well-matched audience can beat it; a generic reward shown to a broad audience will often fall short.

As an example, suppose a fictional homeware brand, Tidewell, records 150,000 completed views on a voucher quest. At 8% conversion, that is 12,000 claims. If a third of those claimants opt in to email, Tidewell has added 4,000 consented contacts from a single flight, each linked to the video and reward that brought them in.

## The levers that move conversion

### The reward itself

Relevance beats size. A reward tied to your product, such as a discount, a branded wearable or an entry into a draw for your merchandise, usually converts better than a larger but generic prize, and the people who claim it are more likely to come back.

### How clearly the offer is shown

If viewers are unsure what they will receive, they hesitate at the claim form. Show the reward in the first frame of the video and again on the form.

### The length of the form

Every extra field costs claims. Ask only for what you need to deliver the reward, and make marketing consent a separate, optional choice.

### Speed of delivery

Instant rewards convert better than rewards that arrive later, and they generate fewer support requests.

### Placement and format

Native Overlay, Outstream Video and Mobile Interstitial placements reach people in different moods. Compare conversion by format before shifting budget.

## Reading the results

Look at conversion alongside what happens next. A quest with lower conversion but stronger repeat visits may be more valuable than one that attracts many one-off claimers. Your CRM sync makes that comparison possible, because each record carries the quest and reward it came from.

If you would like a second opinion on your numbers, [speak to our team](/#contact).

## Frequently asked questions

### Why is my conversion lower than the typical range?

Start with the funnel. A big drop between completions and claim starts points to an unclear or unappealing reward; a drop between claim starts and claims points to a form that is too long or confusing.

### Should we optimise for conversion or for cost per claim?

Cost per claim is usually the better budget metric, but check conversion to understand why costs move. A cheaper placement with weak conversion can end up more expensive per claim.
`,
    category: 'technology',
    tags: ['analytics', 'conversion', 'measurement'],
    author: 'Priya Desai',
    isPublished: false,
    aiGenerated: true,
    publishedDaysAgo: null,
  },
]
