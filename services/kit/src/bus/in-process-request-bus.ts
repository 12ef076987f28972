import type { RequestContract } from '@chatexhibit/proto/contract';
import type { Logger } from '../logging/logger';
import { BusError } from './bus-error';
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  RequestBus,
  type RequestHandler,
  type RequestOf,
  type ResponseOf,
  validateRequest,
  validateResponse,
  validatingHandler,
} from './request-bus';

/**
 * Standalone mode's request-reply: the same contract and validation as NATS, with payloads
 * copied through JSON so that nothing is shared by reference that would not cross a wire.
 */
export class InProcessRequestBus extends RequestBus {
  private readonly handlers = new Map<string, (data: unknown) => Promise<unknown>>();

  constructor(private readonly logger: Logger) {
    super();
  }

  handle<C extends RequestContract>(contract: C, handler: RequestHandler<C>): void {
    if (this.handlers.has(contract.subject)) throw new Error(`two handlers for ${contract.subject}`);
    this.handlers.set(contract.subject, validatingHandler(contract, handler, this.logger));
  }

  async request<C extends RequestContract>(
    contract: C,
    request: RequestOf<C>,
    options: { timeoutMs?: number } = {},
  ): Promise<ResponseOf<C>> {
    const payload = overTheWire(validateRequest(contract, request));
    const handler = this.handlers.get(contract.subject);
    if (!handler) throw new BusError('UNAVAILABLE', `nobody answers ${contract.subject}`);
    const timeoutMs = options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new BusError('UNAVAILABLE', `no reply on ${contract.subject} within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      const reply = await Promise.race([handler(payload), expired]);
      return validateResponse(contract, overTheWire(reply));
    } catch (error) {
      throw BusError.from(error);
    } finally {
      clearTimeout(timer);
    }
  }

  async start(): Promise<void> {}
  async close(): Promise<void> {
    this.handlers.clear();
  }
  async check(): Promise<void> {}
}

const overTheWire = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value));
