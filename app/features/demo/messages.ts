/**
 * What the /demo page posts to the page that frames it when Escape is pressed inside the frame.
 * The landing page's demo modal listens for it (the two features share only this string).
 */
export const DEMO_ESCAPE_MESSAGE = 'vidquest:demo-escape'
