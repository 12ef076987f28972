import { Writable } from 'node:stream';
import { createLogger, readableLogLine, scrubLogLine, withCorrelationId } from '../src/logging/logger';

const EXPORT_ID = '3f1c2a4e-9b7d-4e2f-8a6b-1c2d3e4f5a6b';

/** A logger whose lines are kept, parsed, for assertions. */
function capture(readable = false) {
  const raw: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger({ part: 'test', level: 'info', destination, readable });
  return { logger, raw, lines: () => raw.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('the logger', () => {
  it('lets no UUID or email address through, in fields, messages or error stacks', () => {
    const { logger, raw, lines } = capture();
    withCorrelationId(EXPORT_ID, () => {
      logger.info({ bundleId: EXPORT_ID.toUpperCase(), to: 'Buyer.Name+x@example.co.uk' }, `sent to a@b.org`);
      logger.error({ err: new Error(`no object stored at exports/${EXPORT_ID}/transcript.pdf`) }, 'failed');
    });
    const text = raw.join('');
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i);
    expect(text).not.toContain('@');
    const [first, second] = lines();
    // One id gives one stand-in, whatever its case: lines of one export can still be told apart.
    expect(first).toMatchObject({ msg: 'sent to [email]', to: '[email]' });
    expect(first!.bundleId).toMatch(/^\[id [0-9a-f]{8}\]$/);
    expect(first!.correlationId).toBe(first!.bundleId);
    expect((second!.err as { message: string }).message).toBe(
      `no object stored at exports/${String(first!.bundleId)}/transcript.pdf`,
    );
  });

  it('passes other lines through untouched and keeps every scrubbed line valid JSON', () => {
    const plain = '{"level":30,"msg":"export unpacked","correlationId":"CE-FK9E-D9YK-P6G3"}\n';
    expect(scrubLogLine(plain)).toBe(plain);
    const tricky = `${JSON.stringify({ msg: `line\n${EXPORT_ID}\u0001${EXPORT_ID} "x@y.org"\\` })}\n`;
    const scrubbed = scrubLogLine(tricky);
    expect(scrubbed.endsWith('\n')).toBe(true);
    const msg = (JSON.parse(scrubbed) as { msg: string }).msg;
    const tag = msg.slice(5, 18);
    expect(tag).toMatch(/^\[id [0-9a-f]{8}\]$/);
    expect(msg).toBe(`line\n${tag}\u0001${tag} "[email]"\\`);
  });

  it('does not take package paths or URLs with credentials for email addresses', () => {
    const line = `${JSON.stringify({ stack: 'at (/app/node_modules/@nestjs/core/router.js:1)', url: 'postgres://u:p@localhost:5432/db' })}\n`;
    expect(scrubLogLine(line)).toBe(line);
  });

  it('writes lines a person reads at a terminal when asked, scrubbed as the JSON ones', () => {
    const { logger, raw } = capture(true);
    withCorrelationId('CE-FK9E-D9YK-P6G3', () => {
      logger.info({ host: '127.0.0.1', port: 3000, to: 'a@b.org' }, 'ChatExhibit started');
      logger.error({ err: new Error(`no object at exports/${EXPORT_ID}`) }, 'failed');
    });
    const [started, failed] = raw;
    expect(started).toMatch(
      /^\d\d:\d\d:\d\d INFO {2}ChatExhibit started correlationId=CE-FK9E-D9YK-P6G3 host=127\.0\.0\.1 port=3000 to=\[email\]\n$/,
    );
    const [head, ...stack] = failed!.trimEnd().split('\n');
    expect(head).toMatch(/^\d\d:\d\d:\d\d ERROR failed correlationId=CE-FK9E-D9YK-P6G3$/);
    expect(stack[0]).toMatch(/^ {4}Error: no object at exports\/\[id [0-9a-f]{8}\]$/);
    expect(stack.slice(1).every((line) => line.startsWith('        at '))).toBe(true);
    // Anything that is not a JSON line passes as it is.
    expect(readableLogLine('not json\n')).toBe('not json\n');
  });
});
