// The part of autocannon 9's programmatic API the benches use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string
    connections?: number
    /** Seconds. */
    duration?: number
    /** Total requests of the run, spread over the connections; replaces `duration`. */
    amount?: number
    /** Milliseconds between samples (default 1000). */
    sampleInt?: number
    pipelining?: number
    /** Seconds before a request counts as a timeout. */
    timeout?: number
    headers?: Record<string, string>
    warmup?: { connections?: number; duration?: number }
    /** Keeps the raw (encoded) histograms so several runs can be merged with aggregateResult. */
    skipAggregateResult?: boolean
  }

  interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    p50: number
    p90: number
    p97_5: number
    p99: number
    total: number
  }

  interface Result {
    url: string
    connections: number
    /** Seconds, two decimals. */
    duration: number
    samples: number
    errors: number
    timeouts: number
    non2xx: number
    resets: number
    totalCompletedRequests: number
    totalRequests: number
    totalBytes: number
    statusCodeStats: Record<string, { count: number }>
    /** Milliseconds; a merged histogram after aggregateResult. */
    latency: Histogram
    /** Requests per one-second sample (empty after aggregateResult over raw runs). */
    requests: Histogram
    throughput: Histogram
  }

  interface Instance extends PromiseLike<Result> {
    on(event: 'done', listener: (result: Result) => void): this
  }

  interface Autocannon {
    (options: Options): Instance
    aggregateResult(results: Result[], options: Pick<Options, 'url' | 'connections'>): Result
  }

  const autocannon: Autocannon
  export default autocannon
  export type { Options, Result }
}
