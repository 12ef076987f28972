import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Client } from 'minio';
import type { StorageConfig } from '../config/part-config';
import { Sha256Meter } from '../streams/sha256-meter';
import { assertValidKey, ObjectNotFoundError, ObjectStorage } from './object-storage';

/**
 * Any S3 endpoint (MinIO, AWS, R2) through the `minio` client. Every write is one single-part PUT
 * of a known length, which every S3 server accepts, s3rver included. A stream is never gathered
 * in memory: it is spooled to a temp file while its SHA-256 is computed (what SigV4 signs over
 * plain HTTP; over HTTPS the payload goes unsigned), then sent from the file.
 */
export class S3ObjectStorage extends ObjectStorage {
  private readonly client: Client;
  private readonly secure: boolean;

  constructor(
    private readonly config: StorageConfig,
    options: { requestTimeoutMs?: number } = {},
  ) {
    super();
    const endpoint = new URL(config.endpoint);
    const secure = endpoint.protocol === 'https:';
    this.secure = secure;
    this.client = new Client({
      endPoint: endpoint.hostname,
      port: endpoint.port ? Number(endpoint.port) : undefined,
      useSSL: secure,
      accessKey: config.accessKey,
      secretKey: config.secretKey,
      region: config.region,
      pathStyle: true,
      partSize: 512 * 1024 * 1024,
      transportAgent: silenceLimitedAgent(secure, options.requestTimeoutMs ?? 30_000),
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
    const contentType = options.contentType ? { 'Content-Type': options.contentType } : {};
    if (Buffer.isBuffer(body)) {
      await this.client.putObject(this.config.bucket, key, body, body.length, contentType);
      return;
    }
    const folder = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-s3-put-'));
    try {
      const spooled = path.join(folder, 'body');
      await pipeline(body, createWriteStream(spooled));
      await this.putFile(key, spooled, options);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  /** One PUT streamed from the file, its length known; over plain HTTP its SHA-256 is read first. */
  override async putFile(
    key: string,
    filePath: string,
    options: { contentType?: string } = {},
  ): Promise<void> {
    assertValidKey(key);
    let sha256 = '';
    let size: number;
    if (this.secure) {
      size = (await stat(filePath)).size;
    } else {
      const meter = new Sha256Meter();
      await pipeline(
        createReadStream(filePath),
        meter,
        new Writable({ write: (_chunk, _encoding, done) => done() }),
      );
      [sha256, size] = [meter.sha256, meter.size];
    }
    const response = await this.client.makeRequestStreamAsync(
      {
        method: 'PUT',
        bucketName: this.config.bucket,
        objectName: key,
        headers: {
          'Content-Length': size,
          ...(options.contentType && { 'Content-Type': options.contentType }),
        },
      },
      createReadStream(filePath),
      sha256,
      [200],
      this.config.region,
    );
    response.resume();
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

/**
 * The minio client has no request timeout, so its agent gives every socket one: a socket silent
 * for `timeoutMs` (an endpoint that accepts and never answers, or never accepts) is destroyed and
 * the call fails instead of hanging. A long transfer that keeps moving is not cut.
 */
function silenceLimitedAgent(secure: boolean, timeoutMs: number): http.Agent {
  const agent = secure ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  const createConnection = agent.createConnection.bind(agent);
  agent.createConnection = (options, callback) => {
    const socket = createConnection(options, callback) as Socket;
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new Error(`S3 endpoint sent nothing for ${timeoutMs} ms`)),
    );
    return socket;
  };
  return agent;
}
