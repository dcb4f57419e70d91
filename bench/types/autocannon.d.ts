/** The part of autocannon 9's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  interface Stats {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  }
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
    idReplacement?: boolean;
    /** Requests per second over all connections (each connection sends its share from the start of every second). */
    overallRate?: number;
  }
  interface Result {
    requests: Stats & { sent: number };
    latency: Stats;
    throughput: Stats;
    errors: number;
    timeouts: number;
    resets: number;
    non2xx: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  interface Instance extends PromiseLike<Result> {
    on(event: 'reqError', listener: (error: Error & { code?: string }) => void): Instance;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
