/** GET /metrics at `baseUrl`: the Prometheus text, after checking it answered as a scraper expects. */
export async function scrapeMetrics(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/metrics`);
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  // Express may reorder the parameters; Prometheus reads the media type and `version`.
  if (!/^text\/plain;.*\bversion=0\.0\.4\b/.test(response.headers.get('content-type') ?? ''))
    throw new Error(`/metrics answered ${response.headers.get('content-type')}`);
  return response.text();
}

/**
 * The value of the sample `name{labels}` in a scrape (labels in the order the metric declares
 * them, as prom-client writes them), or undefined when the scrape has no such sample.
 */
export function sampleValue(
  scrape: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const selector = Object.keys(labels).length
    ? `${name}{${Object.entries(labels)
        .map(([key, value]) => `${key}="${value}"`)
        .join(',')}}`
    : name;
  const line = scrape.split('\n').find((l) => l.startsWith(`${selector} `));
  return line === undefined ? undefined : Number(line.slice(selector.length + 1));
}
