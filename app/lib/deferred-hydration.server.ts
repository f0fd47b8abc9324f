import { Transform, type TransformCallback } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'

const MODULE_PRELOAD = '<link rel="modulepreload"'
const INERT_PRELOAD = '<link rel="vq-modulepreload"'
// React Router writes the rendering's nonce first: <script nonce="…" type="module" async="">.
const moduleScript = (nonce: string | undefined) => `<script${nonce ? ` nonce="${nonce}"` : ''} type="module" async="">`
const inertScript = (nonce: string | undefined) => `<script${nonce ? ` nonce="${nonce}"` : ''} type="text/vq-module">`
const BODY_END = '</body>'

/**
 * Runs once the first contentful paint has been presented (the browser's `first-contentful-paint`
 * entry), or at once in a hidden tab, where nothing is painted: turns the inert preloads back into
 * module preloads and starts React Router's module script. Waiting for frames instead was not
 * enough: the second animation frame's callbacks ran 50-60 ms before that paint was presented, so
 * Lighthouse counted ~110 KB of script against the first and largest paints of text pages. A
 * browser without paint timing waits for the second frame; a page that never paints content
 * hydrates after 3 s.
 *
 * Each preload starts a request: 1-2 ms apiece in a fresh tab, but 5-15 ms under Lighthouse's
 * tracing, where a task of several took 13-27 ms. So each is added in a task of its own, the next
 * one a MessageChannel message away (no timer clamping), and the module script comes last.
 */
export const HYDRATION_BOOTSTRAP_CODE =
  '(function(){var done=false;function go(){if(done)return;done=true;var q=[];' +
  'document.querySelectorAll(\'link[rel="vq-modulepreload"]\').forEach(function(l){q.push(function(){' +
  "var n=document.createElement('link');n.rel='modulepreload';n.href=l.getAttribute('href');" +
  'if(l.crossOrigin)n.crossOrigin=l.crossOrigin;document.head.appendChild(n);l.remove()})});' +
  'document.querySelectorAll(\'script[type="text/vq-module"]\').forEach(function(s){q.push(function(){' +
  // The new script keeps the inert one's nonce: without 'unsafe-inline' it needs it (or its hash).
  "var n=document.createElement('script');n.type='module';n.nonce=s.nonce;n.textContent=s.textContent;s.replaceWith(n)})});" +
  'var c=new MessageChannel();c.port1.onmessage=function(){' +
  'if(q.length)q.shift()();if(q.length)c.port2.postMessage(0);else c.port1.close()};' +
  'c.port1.onmessage()}' +
  "if(document.visibilityState==='hidden')go();else{var P=window.PerformanceObserver;" +
  "if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){" +
  "new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go,0)}})" +
  ".observe({type:'paint',buffered:true});setTimeout(go,3000)}" +
  'else{requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})});setTimeout(go,250)}}})()'

const bootstrapScript = (nonce: string | undefined) =>
  `<script${nonce ? ` nonce="${nonce}"` : ''}>${HYDRATION_BOOTSTRAP_CODE}</script>`

/**
 * Rewrites React Router's document so that its hydration code is fetched after the first paint
 * instead of before it: the module preloads in the head and the module script at the end of the
 * body are made inert, and a small script restores them once the page has been painted. The
 * reader sees the server-rendered page as soon as its style sheet and HTML are in; the ~150 KB of
 * code that makes it interactive follows instead of competing with them on a slow connection.
 * docs/decisions/016-hydration-after-first-paint.md
 */
export function deferHydration(
  options: {
    nonce?: string | undefined
    final?: (callback: (error?: Error | null) => void) => void
    /** False for a page sent without React (app/lib/route-handle.ts): it has nothing to start. */
    bootstrap?: boolean
  } = {},
) {
  const decoder = new StringDecoder('utf8')
  const MODULE_SCRIPT = moduleScript(options.nonce)
  const INERT_SCRIPT = inertScript(options.nonce)
  /** Characters kept back between chunks so that a tag split across two chunks is still found. */
  const KEEP = Math.max(MODULE_PRELOAD.length, MODULE_SCRIPT.length, BODY_END.length) - 1
  let pending = ''
  let injected = options.bootstrap === false
  const rewrite = (text: string) => {
    let out = text.replaceAll(MODULE_PRELOAD, INERT_PRELOAD).replaceAll(MODULE_SCRIPT, INERT_SCRIPT)
    if (!injected && out.includes(BODY_END)) {
      injected = true
      out = out.replace(BODY_END, `${bootstrapScript(options.nonce)}${BODY_END}`)
    }
    return out
  }
  return new Transform({
    final: options.final,
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending = rewrite(pending + decoder.write(chunk))
      if (pending.length <= KEEP) return callback()
      const ready = pending.slice(0, pending.length - KEEP)
      pending = pending.slice(pending.length - KEEP)
      callback(null, ready)
    },
    flush(callback: TransformCallback) {
      const rest = rewrite(pending + decoder.end())
      pending = ''
      callback(null, rest.length > 0 ? rest : undefined)
    },
  })
}

/** The starter as written into a page rendered without a nonce. */
export const HYDRATION_BOOTSTRAP = bootstrapScript(undefined)
