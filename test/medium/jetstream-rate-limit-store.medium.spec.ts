import { connect } from 'nats';
import { JetStreamRateLimitStore } from '@chatexhibit/kit/rate-limit/jetstream-rate-limit-store';
import { cleanUpAll } from '../support/clean-up';
import { testServers, uniqueName } from '../support/servers';
import { describeRateLimitStoreContract } from './rate-limit-store-contract';

describe('JetStreamRateLimitStore on the local NATS', () => {
  let prefix: string;
  let stores: JetStreamRateLimitStore[];

  const deleteBucket = async () => {
    const nc = await connect({ servers: testServers().natsUrl });
    try {
      const jsm = await nc.jetstreamManager();
      await jsm.streams.delete(`KV_${JetStreamRateLimitStore.bucket(prefix)}`).catch((error: unknown) => {
        if (!/stream not found/i.test(String(error))) throw error;
      });
    } finally {
      await nc.close();
    }
  };

  describeRateLimitStoreContract({
    setUp: () => {
      prefix = uniqueName('rl');
      stores = [];
    },
    cleanUp: () => cleanUpAll(...stores.map((store) => () => store.close()), deleteBucket),
    open: async () => {
      const store = await JetStreamRateLimitStore.connect({
        url: testServers().natsUrl,
        prefix,
        name: 'test',
        setsUp: true,
      });
      stores.push(store);
      return store;
    },
  });
});
