/**
 * The browser's EventSource as the SPA uses it, driven by the test: `FakeEventSource.opened`
 * holds every stream opened, `send` delivers an event and `fail` the stream's error.
 * Install it with `vi.stubGlobal('EventSource', FakeEventSource)`.
 */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];

  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.opened.push(this);
  }

  close(): void {
    this.closed = true;
  }

  send(data: unknown): void {
    if (this.closed) throw new Error(`sent on the closed stream ${this.url}`);
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }

  fail(): void {
    this.onerror?.(new Event('error'));
  }
}
