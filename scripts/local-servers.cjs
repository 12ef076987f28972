#!/usr/bin/env node
// `npm run local-servers`: an S3 server (s3rver) and an SMTP sink from the devDependencies, on
// loopback, for trying the distributed mode on one machine without Docker. Prints the variables
// that point the parts at them; Ctrl-C stops both. Not for production.
const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const S3rver = require('s3rver');
const { SMTPServer } = require('smtp-server');

const root = path.resolve(process.argv[2] ?? 'data-local-servers');
const s3Port = Number(process.env.S3_PORT ?? 4568);
const smtpPort = Number(process.env.SMTP_PORT ?? 2525);
const mailDir = path.join(root, 'mail');
mkdirSync(mailDir, { recursive: true });

async function main() {
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: s3Port,
    silent: true,
    directory: path.join(root, 's3'),
  });
  await s3.run();
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        writeFileSync(path.join(mailDir, `${Date.now()}-${++received}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  process.stdout.write(
    [
      `S3_ENDPOINT=http://127.0.0.1:${s3Port}`,
      'S3_ACCESS_KEY=S3RVER',
      'S3_SECRET_KEY=S3RVER',
      'S3_BUCKET=chatexhibit',
      `SMTP_URL=smtp://local:local@127.0.0.1:${smtpPort}`,
      '',
    ].join('\n'),
  );
  process.stderr.write(
    `s3rver and an SMTP sink are running (files in ${root}, mail in ${mailDir}); Ctrl-C stops them\n`,
  );
  const stop = () => {
    smtp.close(() => undefined);
    s3.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  process.stderr.write(`local-servers: ${error.message}\n`);
  process.exit(1);
});
