/**
 * The browser's EventSource as the SPA uses it, over the page's fetch, so that the test server
 * (msw) answers the stream: each `data:` block is a message; an answer that is not an event
 * stream, a failed request and the stream's end are each the error a dropped connection gives.
 * `FetchEventSource.opened` holds every stream opened. Install it with
 * `vi.stubGlobal('EventSource', FetchEventSource)`.
 */
export class FetchEventSource {
  static opened: FetchEventSource[] = [];

  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly abort = new AbortController();

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FetchEventSource.opened.push(this);
    void this.read();
  }

  close(): void {
    this.closed = true;
    this.abort.abort();
  }

  private async read(): Promise<void> {
    try {
      const response = await fetch(this.url, {
        credentials: this.init?.withCredentials ? 'include' : 'same-origin',
        headers: { Accept: 'text/event-stream' },
        signal: this.abort.signal,
      });
      if (!response.ok || !response.headers.get('Content-Type')?.startsWith('text/event-stream'))
        throw new Error(`${response.status} is not an event stream`);
      let buffer = '';
      const decoder = new TextDecoder();
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice('data:'.length).trimStart())
            .join('\n');
          buffer = buffer.slice(end + 2);
          if (data !== '' && !this.closed) this.onmessage?.(new MessageEvent('message', { data }));
        }
      }
    } catch {
      // Refused, cut or closed: below.
    }
    if (!this.closed) this.onerror?.(new Event('error'));
  }
}
