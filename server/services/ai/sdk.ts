// The AI SDK and its OpenAI-compatible provider: ~1.6 MB of source that no request needs until the
// first AI call. Only `loadAiSdk()` (provider.ts) imports this module, dynamically, so the bundled
// server loads it on first use instead of at every start (docs/decisions/039).
export { createOpenAI } from '@ai-sdk/openai'
export {
  APICallError,
  generateImage,
  generateText,
  NoObjectGeneratedError,
  NoOutputGeneratedError,
  Output,
  streamText,
} from 'ai'
