import { readdir, readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { eventually } from '../support/eventually';
import { decodedMail } from '../support/payment-client';
import { useStandalone } from '../support/standalone';

/** An answer as the browser reads it: status, content type and the body, parsed when JSON. */
interface Answer {
  status: number;
  contentType: string;
  body: { code?: string; message?: string; received?: boolean };
}

/**
 * POSTs to /api/contact (or `urlPath`) from the loopback address `from` (127.0.0.x): the rate
 * limits count per client address, so each test speaks from its own.
 */
function postFrom(
  port: number,
  from: string,
  body: string,
  contentType = 'application/json',
  urlPath = '/api/contact',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: 'POST',
        path: urlPath,
        headers: { 'content-type': contentType, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const type = res.headers['content-type'] ?? '';
          resolve({
            status: res.statusCode!,
            contentType: type,
            body: type.includes('application/json') ? JSON.parse(text) : {},
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const valid = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  subject: 'Question about exports',
  message: 'Does the <b>transcript</b> keep "quotes" & voice notes?',
};

describe('contact messages (standalone)', () => {
  const standalone = useStandalone({ SUPPORT_EMAIL: 'help@example.org' });

  it('accepts a valid message and mails it to support, Reply-To the sender, HTML escaped', async () => {
    const answer = await postFrom(
      standalone.port,
      '127.0.0.2',
      JSON.stringify({ ...valid, name: '  Jane Doe  ' }),
    );
    expect(answer).toEqual({
      status: 202,
      contentType: expect.stringContaining('application/json'),
      body: { received: true },
    });
    const outbox = path.join(standalone.dataDir, 'outbox');
    let files: string[] = [];
    await eventually(
      async () => {
        files = (await readdir(outbox).catch(() => [])).filter((f) => f.endsWith('.eml'));
        return files.length >= 2;
      },
      20_000,
      'the mail to support and the confirmation to the sender in the outbox',
    );
    expect(files).toHaveLength(2);
    const mails = await Promise.all(
      files.map(async (file) => decodedMail(await readFile(path.join(outbox, file), 'utf8'))),
    );
    // The sender's confirmation, Reply-To the one configured support address.
    const confirmation = mails.find((mail) => /^To: jane@example\.com\r$/m.test(mail))!;
    expect(confirmation).toMatch(/^Reply-To: help@example\.org\r$/m);
    expect(confirmation).toMatch(/^Subject: We received your message to ChatExhibit\r$/m);
    expect(confirmation).not.toContain(valid.message);
    const eml = mails.find((mail) => /^To: help@example\.org\r$/m.test(mail))!;
    expect(eml).toMatch(/^To: help@example\.org\r$/m);
    expect(eml).toMatch(/^Reply-To: jane@example\.com\r$/m);
    expect(eml).toMatch(/^Subject: \[ChatExhibit contact\] Question about exports\r$/m);
    // The plain-text part carries the message as written, the HTML part escaped.
    expect(eml).toContain('From: Jane Doe <jane@example.com>');
    expect(eml).toContain(valid.message);
    expect(eml).toContain(
      'Does the &lt;b&gt;transcript&lt;/b&gt; keep &quot;quotes&quot; &amp; voice notes?',
    );
    expect(eml).not.toContain('<b>transcript</b> keep "quotes" & voice notes?</p>');
  });

  const invalidCases: [string, Partial<Record<keyof typeof valid, string | undefined>>, string][] = [
    ['name', { name: 'J' }, 'Name must be at least 2 characters.'],
    ['name (only spaces)', { name: '    ' }, 'Name must be at least 2 characters.'],
    ['email', { email: 'jane@' }, 'Please enter a valid email address.'],
    ['subject', { subject: 'Hi' }, 'Subject must be at least 5 characters.'],
    ['message', { message: 'Too short' }, 'Message must be at least 10 characters.'],
    ['message (too long)', { message: 'x'.repeat(5001) }, 'Message must be at most 5,000 characters.'],
    ['name before email', { name: 'J', email: 'nope' }, 'Name must be at least 2 characters.'],
    ['missing email', { email: undefined }, 'Please enter a valid email address.'],
    // A line break would write a line of its own into the support mail's header block.
    ['name (a line break)', { name: 'Jane\r\nReceived: yesterday' }, 'Name must be one line of text.'],
    [
      'subject (a line break)',
      { subject: 'Question\nFrom: someone else' },
      'Subject must be one line of text.',
    ],
    [
      'subject (a line separator)',
      { subject: 'Question\u2028From: someone' },
      'Subject must be one line of text.',
    ],
    [
      'email (a line break)',
      { email: 'jane@example.com\nBcc: x@example.org' },
      'Please enter a valid email address.',
    ],
  ];

  // Each case from its own address, so that none runs into the rate limit.
  it.each(
    invalidCases.map(([name, change, message], i) => [name, change, message, `127.0.1.${i + 1}`] as const),
  )('refuses an invalid %s with its sentence', async (_case, change, message, from) => {
    const answer = await postFrom(standalone.port, from, JSON.stringify({ ...valid, ...change }));
    expect(answer).toEqual({
      status: 400,
      contentType: expect.stringContaining('application/json'),
      body: { code: 'INVALID_REQUEST', message },
    });
  });

  it('answers a body that is not JSON with a JSON 400', async () => {
    for (const [body, type, message] of [
      ['{"name": "Jane', 'application/json', 'The request body must be valid JSON.'],
      // Not JSON at all: checked as an empty form, so the first field speaks.
      ['name=Jane', 'text/plain', 'Name must be at least 2 characters.'],
    ] as const) {
      const answer = await postFrom(standalone.port, '127.0.0.4', body, type);
      expect(answer).toEqual({
        status: 400,
        contentType: expect.stringContaining('application/json'),
        body: { code: 'INVALID_REQUEST', message },
      });
    }
  });

  it('limits each client address to 5 messages an hour (429), other addresses unaffected', async () => {
    const tooShort = JSON.stringify({ ...valid, name: 'J' });
    for (let i = 0; i < 5; i++)
      expect((await postFrom(standalone.port, '127.0.0.5', tooShort)).status).toBe(400);
    const limited = await postFrom(standalone.port, '127.0.0.5', tooShort);
    expect(limited).toEqual({
      status: 429,
      contentType: expect.stringContaining('application/json'),
      body: {
        code: 'RATE_LIMITED',
        message: 'Too many messages from this address. Please wait an hour and try again.',
      },
    });
    expect((await postFrom(standalone.port, '127.0.0.6', tooShort)).status).toBe(400);
  });

  it('answers the upload and payment limits the same way: 429, RATE_LIMITED and their own sentence', async () => {
    for (const [urlPath, limit, message] of [
      ['/api/whatsapp/process', 30, 'Too many uploads from this address. Please wait an hour and try again.'],
      [
        '/api/payment/not-a-bundle/repair',
        120,
        'Too many payment requests from this address. Please wait and try again.',
      ],
    ] as const) {
      for (let i = 0; i < limit; i++)
        expect(
          (await postFrom(standalone.port, '127.0.0.7', '{}', 'application/json', urlPath)).status,
        ).not.toBe(429);
      expect(await postFrom(standalone.port, '127.0.0.7', '{}', 'application/json', urlPath)).toEqual({
        status: 429,
        contentType: expect.stringContaining('application/json'),
        body: { code: 'RATE_LIMITED', message },
      });
    }
  });
});
