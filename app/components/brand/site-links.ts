/** Props for a link that opens another site in a new tab without handing it our window. */
export const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const
