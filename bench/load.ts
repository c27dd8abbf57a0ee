/**
 * A closed-loop load generator: `connections` clients each send the next request as soon as the
 * previous one is answered, for `seconds`, after a warm-up. Reports requests per second and the
 * latency percentiles. Requests go to the given URLs in turn (a round-robin load balancer).
 */
export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface LoadOptions {
  urls: string[];
  headers?: Record<string, string>;
  connections?: number;
  seconds?: number;
  warmupSeconds?: number;
}

async function loop(
  options: Required<LoadOptions>,
  until: number,
  latencies: number[] | undefined,
  counter: { next: number; errors: number },
) {
  while (performance.now() < until) {
    const url = options.urls[counter.next++ % options.urls.length]!;
    const started = performance.now();
    const response = await fetch(url, { headers: options.headers });
    await response.arrayBuffer();
    if (!response.ok) counter.errors++;
    latencies?.push(performance.now() - started);
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

export async function load(options: LoadOptions): Promise<LoadResult> {
  const settings: Required<LoadOptions> = { headers: {}, connections: 16, seconds: 5, warmupSeconds: 1, ...options };
  const counter = { next: 0, errors: 0 };
  const clients = Array.from({ length: settings.connections });
  const warmEnd = performance.now() + settings.warmupSeconds * 1000;
  await Promise.all(clients.map(() => loop(settings, warmEnd, undefined, counter)));

  const latencies: number[] = [];
  counter.errors = 0;
  const started = performance.now();
  await Promise.all(clients.map(() => loop(settings, started + settings.seconds * 1000, latencies, counter)));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors: counter.errors,
  };
}
