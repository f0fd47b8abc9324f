/** docs/product.md §8 "AI and editing": what saving a post says, for every screen that saves one. */
export const POST_CREATED = 'Blog Post Created'
export const POST_UPDATED = 'Post Updated'
export const CREATE_FAILED = 'Failed to create blog post. Please try again.'
export const REWRITE_CREATE_FAILED = 'Failed to create blog post.'
export const UPDATE_FAILED = 'Failed to update blog post.'
export const REQUIRED_FIELDS = 'Title, slug, and content are required fields.'
