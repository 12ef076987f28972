import { type ConnectionOptions, nkeyAuthenticator } from 'nats';
import type { NatsConfig } from '../config/part-config';
import { natsInboxPrefix, type NatsUser } from './nats-permissions';

/** What a part's NATS connections present besides the server's address. */
export type NatsAccess = Pick<ConnectionOptions, 'authenticator' | 'inboxPrefix' | 'tls'>;

/**
 * A part's (or the setup's) NATS access from its configuration: its own nkey (when set), replies
 * on its own inbox subjects (the only ones its permissions let it subscribe to), and TLS when the
 * operator asks for it (a tls:// URL or any NATS_TLS_* file).
 */
export function natsAccess(config: NatsConfig, user: NatsUser): NatsAccess {
  return {
    inboxPrefix: natsInboxPrefix(config.prefix, user),
    ...(config.nkeySeed !== undefined && {
      authenticator: nkeyAuthenticator(new TextEncoder().encode(config.nkeySeed)),
    }),
    ...(config.tls !== undefined && { tls: config.tls }),
  };
}
