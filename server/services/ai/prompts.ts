import { type ContentRequestValues, TOPIC_COUNT, WORD_RANGES } from '#common/contract/ai.ts'
import { CATEGORIES } from '#common/limits.ts'

/**
 * The prompts. Their labelled lines ("Topic:", "Key points to cover:", "between N and M words")
 * are also what the test double reads, so keep them stable.
 */

export interface Brand {
  brandName: string
  teamName: string
}

export function voice(brand: Brand): string {
  return [
    `You write for the blog of ${brand.brandName}, a UK rewarded-video advertising platform.`,
    'Brands run video ads with a reward call to action; viewers choose to watch, claim a reward and move on to the',
    "brand's store. Reward types: Roblox UGC wearables, XP and collectibles, NFTs and digital assets, vouchers and",
    'discount codes, contests and giveaways, wallet-based token rewards, and GDPR-compliant CRM data capture.',
    'Ad formats: Native Overlay, Outstream Video, Mobile Interstitial.',
    "Figures you may cite as the platform's own: 84% of Gen Z prefer brands that offer value; 90%+ video completion;",
    '139% year-on-year growth in rewarded ads; 6-12% viewer-to-claim conversion; 20x more engagement than',
    'interstitials; 87% user approval. Do not invent other statistics, studies, quotes or customer names.',
    'Write in British or American English consistently, in plain language, without hype.',
  ].join(' ')
}

const categoryRule = `one of ${CATEGORIES.join(', ')}`

export function topicsPrompt(keywords: string[], now: Date): string {
  return [
    `Suggest exactly ${TOPIC_COUNT} blog post topics that are timely for ${now.getUTCFullYear()} and grounded in the keywords below.`,
    '',
    'Keywords:',
    ...keywords.map((k) => `- ${k}`),
    '',
    'Rules:',
    '- Every topic must be about at least one of the keywords, and list the keywords it uses in its keywords field.',
    '- title: a specific, compelling headline of at most 80 characters.',
    '- description: one or two sentences saying what the post would cover and why it matters now.',
    `- category: ${categoryRule}. Use at least two different categories across the topics.`,
    '- keywords: 2 to 5 short keywords or phrases.',
    '- No two topics may cover the same angle.',
  ].join('\n')
}

export function contentPrompt(req: ContentRequestValues): string {
  const { min, max } = WORD_RANGES[req.length]
  return [
    'Write a complete blog post.',
    '',
    ...requestLines(req),
    '',
    ...articleRules(min, max, true),
    ...(req.keyPoints.length ? ['- Cover every key point explicitly, each in its own section or subsection.'] : []),
    '- End with a closing ## section whose last paragraph is the call to action above, worded naturally.',
  ]
    .filter((line) => line !== '')
    .join('\n')
}

/** The labelled lines of a content request, shared by the one-call post and the outline. */
function requestLines(req: ContentRequestValues): string[] {
  const { min, max } = WORD_RANGES[req.length]
  const topic = req.topic
  return [
    `Topic: ${topic.title}`,
    topic.description ? `Topic description: ${topic.description}` : '',
    topic.keywords.length ? `Topic keywords: ${topic.keywords.join(', ')}` : '',
    topic.category ? `Suggested category: ${topic.category}` : '',
    `Tone: ${req.tone}`,
    `Length: between ${min} and ${max} words in the content field`,
    `Target audience: ${req.audience}`,
    ...(req.keyPoints.length ? ['Key points to cover:', ...req.keyPoints.map((p) => `- ${p}`)] : []),
    `Call to action: ${req.callToAction}`,
  ]
}

/**
 * Medium and long posts are planned first (issue 11 §6): the outline's short fields, its body
 * sections with what each covers, the FAQ questions and the closing heading. Each part is then
 * written on its own with its own word budget (sectionPrompt).
 */
export function outlinePrompt(req: ContentRequestValues): string {
  return [
    'Plan a blog post: write its outline, not the article. Each section will be written separately later.',
    '',
    ...requestLines(req),
    '',
    'Rules for the outline:',
    '- sections: 4 to 7 body sections in reading order, each with a ## heading (without the ## marks) and 2 to 4',
    '  points it covers. Together the sections must cover the topic without overlapping.',
    ...(req.keyPoints.length
      ? ["- Give every key point above to one section, copying it into that section's points word for word."]
      : []),
    '- faq: 3 to 5 questions readers ask about the topic, each ending with "?".',
    '- closingHeading: the heading of the closing section, which ends with the call to action.',
    '- title: at most 80 characters, no quotes, no trailing period.',
    '- excerpt: one or two plain sentences, at most 160 characters.',
    `- category: ${categoryRule}.`,
    '- tags: 3 to 6 short lowercase tags.',
  ]
    .filter((line) => line !== '')
    .join('\n')
}

export interface PartPlan {
  kind: 'intro' | 'body' | 'faq' | 'closing'
  heading: string
  points: string[]
  /** The part's word budget; it is asked for ±15 %. */
  words: number
}

const band = (words: number) => ({ min: Math.round(words * 0.85), max: Math.round(words * 1.15) })

/** One part of a planned post, with the whole outline for context. */
export function sectionPrompt(
  req: ContentRequestValues,
  outline: { title: string; parts: PartPlan[] },
  index: number,
): string {
  const part = outline.parts[index] as PartPlan
  const { min, max } = band(part.words)
  const what =
    part.kind === 'intro'
      ? 'the introduction: one to three paragraphs that open the article, before its first section'
      : part.kind === 'faq'
        ? 'the "Frequently Asked Questions" section'
        : part.kind === 'closing'
          ? `the closing section "${part.heading}"`
          : `the section "${part.heading}"`
  return [
    'Write one part of a blog post whose outline is given below.',
    '',
    `Article title: ${outline.title}`,
    `Tone: ${req.tone}`,
    `Target audience: ${req.audience}`,
    'Outline:',
    ...outline.parts.map(
      (p, i) => `${i === index ? '>' : ' '} ${p.kind === 'intro' ? '(introduction)' : `## ${p.heading}`}`,
    ),
    '',
    `Part to write now: ${what}`,
    `Length: between ${min} and ${max} words`,
    ...(part.kind === 'faq' ? ['Questions to answer:', ...part.points.map((q) => `- ${q}`)] : []),
    ...(part.kind !== 'faq' && part.points.length
      ? ['Points for this section:', ...part.points.map((p) => `- ${p}`)]
      : []),
    ...(part.kind === 'closing' ? [`Call to action: ${req.callToAction}`] : []),
    '',
    'Rules for the content field (markdown):',
    "- Only this part's text, without its ## heading (it is added for you) and without a # heading.",
    '- Do not cover what the other sections of the outline cover.',
    ...(part.kind === 'faq'
      ? ['- Each question as a ### heading ending with "?", followed by a short answer paragraph.']
      : ['- Use ### subheadings, bullet lists and **bold** where they help.']),
    ...(part.kind === 'closing' ? ['- The last paragraph is the call to action above, worded naturally.'] : []),
    '- No tables, images, HTML or links to invented pages.',
  ]
    .filter((line) => line !== '')
    .join('\n')
}

/** 'Expand': one section of a draft lengthened to its share of the missing words. */
export function expandPrompt(title: string, heading: string | null, text: string, words: number): string {
  const { min, max } = band(words)
  return [
    'Expand one section of a blog post so that the post reaches the length its writer asked for.',
    '',
    `Article title: ${title}`,
    `Section: ${heading ?? '(the introduction)'}`,
    `Length: between ${min} and ${max} words`,
    '',
    'Rules for the content field (markdown):',
    '- Keep every fact, figure, name, list item and ### subheading of the section, in the same order.',
    '- Add depth: explanation, concrete examples and practical steps. Add no statistics, studies, quotes or',
    '  customer names that the section does not already contain.',
    "- Only the section's text, without its ## heading and without a # heading.",
    '',
    'Section to expand:',
    '"""',
    text,
    '"""',
  ].join('\n')
}

function articleRules(min: number, max: number, faq: boolean): string[] {
  return [
    '',
    'Rules for the content field (markdown):',
    '- Begin with an introduction paragraph. No # (H1) heading: the title is shown separately.',
    '- Organise the body in 4 to 8 sections with ## headings, with ### subheadings where they help.',
    `- The content must be between ${min} and ${max} words long; plan the sections so the total lands in that range.`,
    ...(faq
      ? [
          '- Include a "## Frequently Asked Questions" section with 3 to 5 questions, each a ### heading ending',
          '  with "?", each followed by a short answer paragraph.',
        ]
      : []),
    '- Use bullet lists and **bold** where they help. No tables, images, links to invented pages or HTML.',
    'Rules for the other fields:',
    '- title: at most 80 characters, no quotes, no trailing period.',
    '- excerpt: one or two plain sentences, at most 160 characters.',
    `- category: ${categoryRule}.`,
    '- tags: 3 to 6 short lowercase tags.',
  ]
}

export function rewritePrompt(
  source: { title: string; markdown: string; url: string },
  words: { min: number; max: number },
  brand: Brand,
): string {
  return [
    `Rewrite the source article below as an original article for the ${brand.brandName} blog.`,
    '',
    `Source title: ${source.title}`,
    `Source address: ${source.url}`,
    '',
    'Requirements:',
    '- Keep the facts, figures and names of the source accurate; add no facts it does not contain (beyond the',
    `  platform figures you were given), and relate the subject to rewarded video and ${brand.brandName} where it fits.`,
    '- Use a new structure and entirely new wording: do not copy any sentence or phrase of more than eight words.',
    `- Write in ${brand.brandName}'s voice for brand marketers and Gen Z audiences, professional tone.`,
    `- Close with a short ## section inviting readers to contact the ${brand.teamName}.`,
    ...articleRules(words.min, words.max, false),
    '',
    'Source article (markdown):',
    '"""',
    source.markdown,
    '"""',
  ].join('\n')
}

export function imagePrompt(title: string, description: string): string {
  return [
    `A striking editorial illustration for a blog article titled "${title}".`,
    `The article: ${description}`,
    'Style: modern, clean and optimistic, vivid purple, magenta and pink tones, soft light, depth.',
    'Wide 16:9 composition with a clear focal point. No text, letters, numbers, logos or watermarks.',
  ].join(' ')
}

/** The article a social post is written from (social-text.ts writes it). */
export interface SocialSource {
  title: string
  excerpt: string | null
  tags: readonly string[]
  /** The writer's own notes; when given, the post is written from them. */
  customContent: string | null
}

/** The lines of a social post's prompt (for X and the other networks) that tell of its article. */
export function articleLines(source: SocialSource): string[] {
  return [
    `Article title: ${source.title}`,
    source.excerpt ? `Article summary: ${source.excerpt}` : '',
    source.tags.length ? `Article tags: ${source.tags.join(', ')}` : '',
    ...(source.customContent
      ? [
          '',
          'Write the post from these notes of the editor, keeping their meaning:',
          '"""',
          source.customContent,
          '"""',
        ]
      : []),
  ]
}

export function xPostPrompt(source: SocialSource, budget: number): string {
  return [
    'Write one post for X (Twitter) that makes brand marketers want to read the blog article below.',
    '',
    ...articleLines(source),
    '',
    'Rules for the text field:',
    `- At most ${budget} characters (emoji count as two). A link to the article is added after it by us.`,
    '- No links, no "link in bio", no quotes around the text.',
    '- A hook in the first line, one concrete benefit or figure from the article, then up to 3 relevant hashtags.',
    '- Plain, confident language; at most one emoji.',
  ]
    .filter((line) => line !== '')
    .join('\n')
}
