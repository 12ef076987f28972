// The job of `parse-cli.js <chat.txt>` done with the npm package whatsapp-chat-parser: read the
// file, parse it (with attachments, as ours always does), print the messages as JSON. Plain
// JavaScript, so that whole-process timing in parse.bench.ts compares like with like.
const { readFileSync } = require('node:fs');
const { parseString } = require('whatsapp-chat-parser');

const messages = parseString(readFileSync(process.argv[2], 'utf8'), { parseAttachments: true });
process.stdout.write(`${JSON.stringify(messages)}\n`);
