import { expect, test } from 'vitest'
import { ARTICLE_MAX_CHARS, extractArticle } from '#server/services/ai/readability.ts'
import { ARTICLE_SENTENCE, ARTICLE_TITLE, articleHtml } from '#tests/fixtures/article-server.ts'

test('finds the article of a news page: title, headings and paragraphs, without navigation or scripts', () => {
  const article = extractArticle(articleHtml(), 'https://news.example.com/story')
  expect(article).not.toBeNull()
  expect(article?.title).toBe(ARTICLE_TITLE)
  expect(article?.markdown).toContain(ARTICLE_SENTENCE)
  expect(article?.markdown).toContain('## What the campaigns measured')
  expect(article?.markdown).toMatch(/^-\s+Completion rate per campaign$/m)
  expect(article?.markdown).not.toContain('window.tracking')
  expect(article?.markdown).not.toContain('Another story')
  expect(article?.markdown).not.toContain('chart.png')
  expect(article?.truncated).toBe(false)
})

test('a page without an article gives null', () => {
  expect(
    extractArticle('<html><head><title>Menu</title></head><body><nav>Home</nav></body></html>', 'https://x.test/'),
  ).toBeNull()
})

test('a very long article is cut for the model and says so', () => {
  const body = Array.from(
    { length: 400 },
    (_, i) => `<p>Paragraph ${i}. ${ARTICLE_SENTENCE} ${'More words here. '.repeat(5)}</p>`,
  ).join('\n')
  const article = extractArticle(
    `<html><body><article><h1>Long</h1>${body}</article></body></html>`,
    'https://x.test/long',
  )
  expect(article?.truncated).toBe(true)
  expect(article?.markdown.length).toBeLessThanOrEqual(ARTICLE_MAX_CHARS + 10)
  expect(article?.length).toBeGreaterThan(ARTICLE_MAX_CHARS)
})
