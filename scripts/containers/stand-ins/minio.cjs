#!/usr/bin/env node
// Stand-in for `minio server <dir>`: s3rver on :9000 (path-style buckets), accepting the root
// credentials MINIO_ROOT_USER / MINIO_ROOT_PASSWORD as its access key. Other options
// (--console-address) are accepted and ignored: the stand-in has no console.
'use strict';

const S3rver = require('s3rver');
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account');

const [command, directory] = process.argv.slice(2);
if (command !== 'server' || !directory) {
  process.stderr.write('the MinIO stand-in supports only: minio server <dir> [options]\n');
  process.exit(2);
}
const user = process.env.MINIO_ROOT_USER;
const password = process.env.MINIO_ROOT_PASSWORD;
if (!user || !password) {
  process.stderr.write('the MinIO stand-in needs MINIO_ROOT_USER and MINIO_ROOT_PASSWORD\n');
  process.exit(2);
}
DUMMY_ACCOUNT.createKeyPair(user, password);

const server = new S3rver({ address: '0.0.0.0', port: 9000, directory, vhostBuckets: false, silent: true });
server.run().then(
  () => process.stdout.write(`MinIO stand-in (s3rver) serving ${directory} on :9000\n`),
  (error) => {
    process.stderr.write(`MinIO stand-in: ${error.message}\n`);
    process.exit(1);
  },
);
const stop = () => server.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
