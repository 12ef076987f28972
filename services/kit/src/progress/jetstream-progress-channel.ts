import { createHash } from 'node:crypto';
import {
  connect,
  ErrorCode,
  type JetStreamClient,
  type JetStreamManager,
  JSONCodec,
  type NatsConnection,
  type StoredMsg,
} from 'nats';
import { type ExportProgress, supersedes } from '@chatexhibit/proto/progress';
import { PROGRESS_EVENT } from '@chatexhibit/proto/subjects';
import { ensureProgressStream } from '../bus/jetstream-setup';
import type { NatsAccess } from '../bus/nats-access';
import { progressStream } from '../bus/nats-names';
import { errorMessage } from '../health/checks';
import { DELETED_PROGRESS, ProgressChannel, type ProgressListener, readProgress } from './progress-channel';

const PUBLISH_ATTEMPTS = 10;
const codec = JSONCodec<unknown>();

/** The client's manager has JetStream's direct get, which its public type does not name. */
type WithDirectGet = JetStreamManager & {
  direct: { getMessage(stream: string, query: { last_by_subj: string }): Promise<StoredMsg> };
};

/**
 * The subject key of an export's progress: a hash of its id, so that whoever may list the
 * progress stream's subjects (or sees them on the wire) learns no export id. An export id is a
 * random UUID, so the hash can be neither reversed nor guessed; the gateway, which has the id
 * from the browser, finds the subject from it.
 */
export const progressKey = (exportId: string): string =>
  createHash('sha256').update(`chatexhibit-progress:${exportId}`).digest('hex').slice(0, 32);

/**
 * Progress on NATS: a JetStream stream keeps the last event per export (max one message per
 * subject, `progress.<progressKey>`); live listeners are plain subscriptions on the same subject,
 * and the stored event is read by its subject (a direct get), never by sequence. A publish only lands
 * when it supersedes the stored event, checked with JetStream's expected-last-subject-sequence,
 * so two steps publishing at once cannot overwrite a later state with an earlier one.
 */
export class JetStreamProgressChannel extends ProgressChannel {
  private constructor(
    private readonly connection: NatsConnection,
    private readonly manager: JetStreamManager,
    private readonly jetstream: JetStreamClient,
    private readonly prefix: string,
  ) {
    super();
  }

  static async connect(options: {
    url: string;
    prefix: string;
    name: string;
    /** The part's credentials, reply inbox and TLS (natsAccess); none on an open server. */
    access?: NatsAccess;
    /** Whether it makes its stream itself, as nats-setup would (an open server only); false by default. */
    setsUp?: boolean;
  }): Promise<JetStreamProgressChannel> {
    const connection = await connect({
      servers: options.url,
      name: `${options.name}-progress`,
      maxReconnectAttempts: -1,
      waitOnFirstConnect: true,
      ...options.access,
    });
    try {
      const manager = await connection.jetstreamManager();
      const channel = new JetStreamProgressChannel(
        connection,
        manager,
        connection.jetstream(),
        options.prefix,
      );
      if (options.setsUp) await ensureProgressStream(manager, options.prefix);
      return channel;
    } catch (error) {
      await connection.close();
      throw error;
    }
  }

  get stream(): string {
    return progressStream(this.prefix);
  }

  private subject(exportId: string): string {
    return `${this.prefix}.${PROGRESS_EVENT.subject(progressKey(exportId))}`;
  }

  private async stored(exportId: string): Promise<{ event: ExportProgress | null; sequence: number }> {
    try {
      const message = await (this.manager as WithDirectGet).direct.getMessage(this.stream, {
        last_by_subj: this.subject(exportId),
      });
      return { event: readProgress(message.json()), sequence: message.seq };
    } catch (error) {
      if ((error as { code?: string }).code === ErrorCode.JetStream404NoMessages)
        return { event: null, sequence: 0 };
      throw error;
    }
  }

  async publish(exportId: string, event: ExportProgress): Promise<void> {
    for (let attempt = 1; attempt <= PUBLISH_ATTEMPTS; attempt++) {
      const { event: current, sequence } = await this.stored(exportId);
      if (!supersedes(event, current)) return;
      try {
        await this.jetstream.publish(this.subject(exportId), codec.encode(event), {
          expect: { lastSubjectSequence: sequence },
        });
        return;
      } catch (error) {
        // Another step published in between: read again and decide again.
        if (!/wrong last sequence/i.test(errorMessage(error))) throw error;
      }
    }
    throw new Error(`progress of ${exportId} kept changing under ${PUBLISH_ATTEMPTS} publish attempts`);
  }

  /** One message per subject: publishing the deleted event discards the one it replaces. */
  async erase(exportId: string): Promise<void> {
    await this.jetstream.publish(this.subject(exportId), codec.encode(DELETED_PROGRESS));
  }

  async latest(exportId: string): Promise<ExportProgress | null> {
    return (await this.stored(exportId)).event;
  }

  async subscribe(exportId: string, listener: ProgressListener): Promise<() => void> {
    const subscription = this.connection.subscribe(this.subject(exportId), {
      callback: (error, message) => {
        if (error) return;
        const event = readProgress(codec.decode(message.data));
        if (event) listener(event);
      },
    });
    // The subscription is registered with the server before anything is read as the latest state.
    await this.connection.flush();
    return () => subscription.unsubscribe();
  }

  async close(): Promise<void> {
    if (!this.connection.isClosed()) await this.connection.drain();
  }

  /** JetStream answers (no part but the setup may ask about the stream itself). */
  async check(): Promise<void> {
    if (this.connection.isClosed()) throw new Error('NATS connection closed');
    await this.manager.getAccountInfo();
  }
}
