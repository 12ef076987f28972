#!/usr/bin/env node
// The entry point and the health probe of the ChatExhibit image. One image holds every part;
// CHATEXHIBIT_PART picks the one a container runs (standalone when unset).
//
//   node part.cjs start     runs the part in this process (tini, PID 1, forwards signals to it)
//   node part.cjs health    exits 0 when the part's readiness endpoint answers 2xx, 1 otherwise
//                           (the image's HEALTHCHECK; slim images have no curl or wget)
//
// The probe reads the port from the part's variable (PORT or HEALTH_PORT) at check time, so a
// container started on another port is still probed where it listens. HEALTHCHECK_TIMEOUT_MS
// (default 4000) bounds the wait. One line on stderr says why a probe or a start failed.
'use strict';

const http = require('node:http');
const path = require('node:path');

// How each part starts and where it answers its probes (also what the deployment tests hold the
// compose file and the Kubernetes manifests to).
const web = (main) => ({
  main,
  portVariable: 'PORT',
  defaultPort: 3000,
  live: '/api/health/live',
  ready: '/api/health/ready',
});
const service = (name) => ({
  main: `services/${name}/dist/main.js`,
  portVariable: 'HEALTH_PORT',
  defaultPort: 8080,
  live: '/health/live',
  ready: '/health/ready',
});

const PARTS = {
  standalone: web('standalone/dist/main.js'),
  gateway: web('gateway/dist/main.js'),
  ingest: service('ingest'),
  parse: service('parse'),
  media: service('media'),
  pdf: service('pdf'),
  payment: service('payment'),
  notification: service('notification'),
};

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function selectedPart() {
  const name = process.env.CHATEXHIBIT_PART || 'standalone';
  const part = PARTS[name];
  if (!part) fail(`CHATEXHIBIT_PART="${name}" is not a part; use one of: ${Object.keys(PARTS).join(', ')}`);
  return part;
}

// Paths are relative to the working directory: /app, the image's WORKDIR.
function start(part) {
  require(path.resolve(part.main));
}

function health(part) {
  const rawPort = process.env[part.portVariable] || String(part.defaultPort);
  const port = Number(rawPort);
  const timeoutMs = Number(process.env.HEALTHCHECK_TIMEOUT_MS) || 4000;
  const unhealthy = (reason) => fail(`health ${part.ready} on port ${rawPort}: ${reason}`);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    unhealthy(`${part.portVariable} is not a TCP port`);
  const request = http.get({ host: '127.0.0.1', port, path: part.ready, timeout: timeoutMs }, (res) => {
    res.resume();
    const status = res.statusCode || 0;
    if (status >= 200 && status < 300) process.exit(0);
    unhealthy(`HTTP ${status}`);
  });
  request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
  request.on('error', (error) => unhealthy(error.message));
}

if (require.main === module) {
  const command = process.argv[2];
  if (command === 'start') start(selectedPart());
  else if (command === 'health') health(selectedPart());
  else fail('usage: node part.cjs start|health');
}

module.exports = { PARTS };
