import { ConfigError } from '../src/config/env';
import { loadPartConfig } from '../src/config/part-config';

const gateway = {
  NATS_URL: 'nats://127.0.0.1:4222',
  S3_ENDPOINT: 'http://minio:9000',
  S3_ACCESS_KEY: 'key',
  S3_SECRET_KEY: 'secret',
  S3_BUCKET: 'chatexhibit',
  LINK_SIGNING_SECRET: '3f9c1a7e5b20d84c6e1f0a9b7d3c25e84a6f1b0c9d2e7a35f8b4c1d6e0a9f273',
};

const trustProxyOf = (value?: string) =>
  loadPartConfig('gateway', { ...gateway, ...(value !== undefined && { TRUST_PROXY: value }) }).trustProxy;

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told, and reads hops or a list of addresses and ranges', () => {
    expect(trustProxyOf()).toBe(false);
    expect(trustProxyOf('')).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('1')).toBe(1);
    expect(trustProxyOf('2')).toBe(2);
    expect(trustProxyOf('loopback')).toEqual(['loopback']);
    expect(trustProxyOf('10.0.0.0/8, 192.168.1.7,fd00::/8 ,::1')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      '::1',
    ]);
  });

  it('refuses "true" and whatever is not an address or range, naming the variable', () => {
    for (const value of ['true', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1,', '-1', '1.5'])
      expect(() => trustProxyOf(value)).toThrow(
        new ConfigError([
          `TRUST_PROXY must be "false", a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges (not ${JSON.stringify(
            value === '10.0.0.1,' ? '' : value,
          )})`,
        ]),
      );
  });

  it('is read by the gateway only', () => {
    expect(
      loadPartConfig('ingest', { ...gateway, DATABASE_URL: 'postgres://db/app', TRUST_PROXY: 'nonsense' })
        .trustProxy,
    ).toBeUndefined();
  });
});
