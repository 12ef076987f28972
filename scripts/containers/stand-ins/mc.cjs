#!/usr/bin/env node
// Stand-in for the two `mc` commands docker-compose.yml runs:
//   mc ready <alias>                       exit 0 once the S3 server answers (healthcheck)
//   mc mb [--ignore-existing] <alias>/<bucket>   create a bucket
// An alias is MC_HOST_<alias>=http://<key>:<secret>@<host>:<port>; `local` is 127.0.0.1:9000.
'use strict';

const http = require('node:http');
const { URL } = require('node:url');
const Minio = require('minio');

function fail(message) {
  process.stderr.write(`mc (stand-in): ${message}\n`);
  process.exit(1);
}

function aliasUrl(alias) {
  const configured = process.env[`MC_HOST_${alias}`];
  if (configured) return new URL(configured);
  if (alias === 'local') return new URL('http://127.0.0.1:9000');
  return fail(`no MC_HOST_${alias} for the alias "${alias}"`);
}

function ready(alias) {
  const url = aliasUrl(alias);
  const request = http.get({ host: url.hostname, port: url.port || 80, path: '/', timeout: 3000 }, (res) => {
    res.resume();
    process.exit(0);
  });
  request.on('timeout', () => request.destroy(new Error('no answer within 3 s')));
  request.on('error', (error) => fail(`${alias} is not ready: ${error.message}`));
}

async function makeBucket(args) {
  const ignoreExisting = args.includes('--ignore-existing');
  const target = args.find((arg) => !arg.startsWith('--'));
  const [alias, bucket] = (target ?? '').split('/');
  if (!alias || !bucket) fail('usage: mc mb [--ignore-existing] <alias>/<bucket>');
  const url = aliasUrl(alias);
  const client = new Minio.Client({
    endPoint: url.hostname,
    port: Number(url.port || 80),
    useSSL: url.protocol === 'https:',
    accessKey: decodeURIComponent(url.username),
    secretKey: decodeURIComponent(url.password),
    pathStyle: true,
  });
  if (await client.bucketExists(bucket)) {
    if (ignoreExisting) return process.stdout.write(`Bucket ${alias}/${bucket} exists\n`);
    fail(`the bucket ${alias}/${bucket} exists`);
  }
  await client.makeBucket(bucket);
  process.stdout.write(`Bucket created successfully \`${alias}/${bucket}\`.\n`);
}

const [command, ...args] = process.argv.slice(2);
if (command === 'ready' && args[0]) ready(args[0]);
else if (command === 'mb') makeBucket(args).catch((error) => fail(error.message));
else fail('this stand-in supports only `mc ready <alias>` and `mc mb [--ignore-existing] <alias>/<bucket>`');
