import { ClientNats, ServerNats } from '@nestjs/microservices';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import type { RequestContract } from '@chatexhibit/proto/contract';
import { firstValueFrom, throwError, timeout, TimeoutError } from 'rxjs';
import type { Logger } from '../logging/logger';
import { BusError } from './bus-error';
import type { NatsAccess } from './nats-access';
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
 * Request-reply over NATS through @nestjs/microservices: ServerNats answers (one queue group
 * per part, so replicas share the load), ClientNats asks. Subjects carry the deployment prefix.
 */
export class NatsRequestBus extends RequestBus {
  private readonly server: ServerNats;
  private readonly client: ClientNats;
  private readonly handledSubjects = new Set<string>();
  private started = false;

  constructor(
    private readonly options: {
      url: string;
      prefix: string;
      queue: string;
      name: string;
      access?: NatsAccess;
    },
    private readonly logger: Logger,
  ) {
    super();
    const connection = {
      servers: [options.url],
      name: options.name,
      maxReconnectAttempts: -1,
      waitOnFirstConnect: true,
      ...options.access,
    };
    this.server = new ServerNats({ ...connection, queue: options.queue });
    this.client = new ClientNats({ ...connection });
  }

  private subject(contract: RequestContract): string {
    return `${this.options.prefix}.${contract.subject}`;
  }

  handle<C extends RequestContract>(contract: C, handler: RequestHandler<C>): void {
    if (this.started) throw new Error(`handler for ${contract.subject} registered after start`);
    const validated = validatingHandler(contract, handler, this.logger);
    // ServerNats awaits the handler before subscribing to its result, so a rejection must
    // travel as an erroring observable to reach the caller as an error reply.
    this.server.addHandler(this.subject(contract), async (data: unknown) => {
      try {
        return await validated(data);
      } catch (error) {
        return throwError(() => BusError.from(error).toJSON());
      }
    });
    this.handledSubjects.add(contract.subject);
  }

  async request<C extends RequestContract>(
    contract: C,
    request: RequestOf<C>,
    options: { timeoutMs?: number } = {},
  ): Promise<ResponseOf<C>> {
    const payload = validateRequest(contract, request);
    const timeoutMs = options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    try {
      const reply = await firstValueFrom(
        this.client.send(this.subject(contract), payload).pipe(timeout(timeoutMs)),
      );
      return validateResponse(contract, reply);
    } catch (error) {
      if (error instanceof TimeoutError) {
        throw new BusError('UNAVAILABLE', `no reply on ${contract.subject} within ${timeoutMs} ms`);
      }
      if (error instanceof EmptyResponseException)
        throw new BusError('UNAVAILABLE', `nobody answers ${contract.subject}`);
      throw BusError.from(error);
    }
  }

  async start(): Promise<void> {
    this.started = true;
    await new Promise<void>((resolve, reject) => {
      this.server
        .listen((error?: unknown) =>
          error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(),
        )
        .catch(reject);
    });
    await this.client.connect();
    this.logger.info({ subjects: [...this.handledSubjects] }, 'answering requests over NATS');
  }

  async close(): Promise<void> {
    await this.server.close();
    await this.client.close();
  }

  async check(): Promise<void> {
    const connection = this.client.unwrap<import('nats').NatsConnection>();
    if (connection.isClosed()) throw new Error('NATS connection closed');
    await connection.flush();
  }
}
