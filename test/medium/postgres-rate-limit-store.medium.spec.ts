import { Client } from 'pg';
import { PostgresRateLimitStore } from '@chatexhibit/kit/rate-limit/postgres-rate-limit-store';
import { cleanUpAll } from '../support/clean-up';
import { testServers, uniqueName } from '../support/servers';
import { describeRateLimitStoreContract } from './rate-limit-store-contract';

describe('PostgresRateLimitStore on the local PostgreSQL', () => {
  let schema: string;
  let stores: PostgresRateLimitStore[];

  const query = async (sql: string): Promise<unknown[]> => {
    const client = new Client({ connectionString: testServers().databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  };

  const open = async () => {
    const store = await PostgresRateLimitStore.open(testServers().databaseUrl, schema);
    stores.push(store);
    return store;
  };

  const fixture = {
    setUp: () => {
      schema = uniqueName('rl').toLowerCase();
      stores = [];
    },
    cleanUp: () =>
      cleanUpAll(...stores.map((store) => () => store.close()), () =>
        query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`),
      ),
    open,
  };

  describeRateLimitStoreContract(fixture);

  describe('beyond the contract', () => {
    beforeEach(() => fixture.setUp());
    afterEach(() => fixture.cleanUp());

    it('sweeps away the counts that no longer limit anything, and only those', async () => {
      const store = await open();
      await store.increment('ended', 1000, 5, 1000);
      await store.increment('blocked', 1000, 0, 60_000);
      await store.increment('counting', 60_000, 5, 60_000);
      await store.sweep(Date.now() + 2000);
      const keys = (await query(`SELECT key FROM "${schema}"."counts" ORDER BY key`)) as { key: string }[];
      expect(keys.map((row) => row.key)).toEqual(['blocked', 'counting']);
    });
  });
});
