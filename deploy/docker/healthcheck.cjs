#!/usr/bin/env node
// Container health probe for the ChatExhibit images.
//
// The runtime images are node:20-bookworm-slim, which ships neither curl nor wget, so the
// Dockerfile HEALTHCHECKs and the compose healthchecks run this script with node instead.
//
//   node healthcheck.cjs <path> [port-env-var] [default-port]
//   node healthcheck.cjs /api/health/ready PORT 3000          (gateway, standalone)
//   node healthcheck.cjs /health/ready HEALTH_PORT 8080       (the six services)
//
// The port is read from the named environment variable at check time, so a container started
// with another PORT / HEALTH_PORT is still probed on the port it really listens on.
// Exit status: 0 when http://127.0.0.1:<port><path> answers 2xx within the timeout
// (HEALTHCHECK_TIMEOUT_MS, default 4000), 1 otherwise. One line on stderr says why it failed.
'use strict';

const http = require('node:http');

const [path = '/', portVar = 'PORT', defaultPort = '3000'] = process.argv.slice(2);
const rawPort = process.env[portVar] || defaultPort;
const port = Number(rawPort);
const timeoutMs = Number(process.env.HEALTHCHECK_TIMEOUT_MS) || 4000;

function fail(reason) {
  process.stderr.write(`healthcheck ${path} on port ${rawPort}: ${reason}\n`);
  process.exit(1);
}

if (!path.startsWith('/')) fail('the path must start with "/"');
if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`${portVar} is not a TCP port`);

const req = http.get({ host: '127.0.0.1', port, path, timeout: timeoutMs }, (res) => {
  res.resume();
  const status = res.statusCode || 0;
  if (status >= 200 && status < 300) process.exit(0);
  fail(`HTTP ${status}`);
});
req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
req.on('error', (err) => fail(err.message));
