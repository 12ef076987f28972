#!/usr/bin/env node
// Stand-in for Mailpit: an SMTP sink on :1025 that accepts any login without TLS
// (MP_SMTP_AUTH_ACCEPT_ANY, MP_SMTP_AUTH_ALLOW_INSECURE) and keeps the last MP_MAX_MESSAGES
// messages in memory, and an HTTP server on :8025 answering /readyz and /api/v1/messages (the
// count and the subject and recipients of each message). `mailpit readyz` is the healthcheck.
'use strict';

const http = require('node:http');
const { SMTPServer } = require('smtp-server');

function readyz() {
  const request = http.get({ host: '127.0.0.1', port: 8025, path: '/readyz', timeout: 3000 }, (res) => {
    res.resume();
    process.exit(res.statusCode === 200 ? 0 : 1);
  });
  request.on('timeout', () => request.destroy(new Error('no answer within 3 s')));
  request.on('error', (error) => {
    process.stderr.write(`mailpit (stand-in) is not ready: ${error.message}\n`);
    process.exit(1);
  });
}

function serve() {
  const maxMessages = Number(process.env.MP_MAX_MESSAGES) || 500;
  const messages = [];
  const smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/im.exec(text)?.[1] ?? '';
        const to = session.envelope.rcptTo.map((recipient) => ({ Address: recipient.address }));
        messages.push({ ID: String(messages.length + 1), Subject: subject, To: to });
        if (messages.length > maxMessages) messages.shift();
        callback();
      });
    },
  });
  smtp.listen(1025, '0.0.0.0');
  const web = http.createServer((req, res) => {
    if (req.url === '/readyz') return void res.writeHead(200).end('ok');
    if (req.url === '/api/v1/messages') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ total: messages.length, messages }));
    }
    res.writeHead(404).end('not found');
  });
  web.listen(8025, '0.0.0.0');
  const stop = () => smtp.close(() => web.close(() => process.exit(0)));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdout.write('Mailpit stand-in: SMTP on :1025, HTTP on :8025\n');
}

if (process.argv[2] === 'readyz') readyz();
else serve();
