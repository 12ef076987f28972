import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { Client } from 'minio';
import type { StorageConfig } from '../config/part-config';
import { assertValidKey, ObjectNotFoundError, ObjectStorage } from './object-storage';

/**
 * Any S3 endpoint (MinIO, AWS, R2) through the `minio` client. Objects are bounded (the upload
 * cap is 100 MB; derived files are smaller), so every write is one single-part PUT of a known
 * length: a stream is gathered first. That works on every S3 server, s3rver included.
 */
export class S3ObjectStorage extends ObjectStorage {
  private readonly client: Client;

  constructor(private readonly config: StorageConfig) {
    super();
    const endpoint = new URL(config.endpoint);
    this.client = new Client({
      endPoint: endpoint.hostname,
      port: endpoint.port ? Number(endpoint.port) : undefined,
      useSSL: endpoint.protocol === 'https:',
      accessKey: config.accessKey,
      secretKey: config.secretKey,
      region: config.region,
      pathStyle: true,
      partSize: 512 * 1024 * 1024,
    });
  }

  /** Creates the bucket when it is missing (another replica may be doing the same). */
  async ensureBucket(): Promise<void> {
    if (await this.client.bucketExists(this.config.bucket)) return;
    try {
      await this.client.makeBucket(this.config.bucket, this.config.region);
    } catch (error) {
      if (!(await this.client.bucketExists(this.config.bucket))) throw error;
    }
  }

  async put(key: string, body: Buffer | Readable, options: { contentType?: string } = {}): Promise<void> {
    assertValidKey(key);
    const metadata = options.contentType ? { 'Content-Type': options.contentType } : {};
    const bytes = Buffer.isBuffer(body) ? body : await buffer(body);
    await this.client.putObject(this.config.bucket, key, bytes, bytes.length, metadata);
  }

  async get(key: string): Promise<Readable> {
    assertValidKey(key);
    try {
      return await this.client.getObject(this.config.bucket, key);
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    assertValidKey(key);
    try {
      return (await this.client.statObject(this.config.bucket, key)).size;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.removeObject(this.config.bucket, key);
  }

  async *list(prefix: string): AsyncIterable<string> {
    for await (const item of this.client.listObjectsV2(this.config.bucket, prefix, true)) {
      const name = (item as { name?: string }).name;
      if (name) yield name;
    }
  }

  async check(): Promise<void> {
    if (!(await this.client.bucketExists(this.config.bucket)))
      throw new Error(`bucket ${this.config.bucket} is missing`);
  }
}

const isNotFound = (error: unknown): boolean => {
  const code = (error as { code?: string }).code;
  return code === 'NoSuchKey' || code === 'NotFound' || code === 'NoSuchObject';
};
