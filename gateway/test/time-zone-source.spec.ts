import { exportFactsOf, UploadOptionsSchema } from '@chatexhibit/proto/processing-options';
import { parseRequest } from '../src/http/parse-request';

const SERVER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The zone facts the upload route queues for `options`, the JSON the client sent. */
function factsFor(options: unknown) {
  const upload = { originalFilename: 'chat.zip', sha256: '0'.repeat(64), sizeBytes: 1 };
  const facts = exportFactsOf(
    upload,
    parseRequest(UploadOptionsSchema, options, 'options'),
    SERVER_ZONE,
    new Date(),
    'web',
  );
  return { timeZone: facts.timeZone, timeZoneSource: facts.timeZoneSource };
}

describe('the time zone of an upload, and where it came from', () => {
  it("is the server's default when no zone is sent, whatever the client says of its source", () => {
    for (const timeZoneSource of [undefined, 'declared', 'browser', 'default'] as const) {
      expect(factsFor({ ...(timeZoneSource && { timeZoneSource }) })).toEqual({
        timeZone: SERVER_ZONE,
        timeZoneSource: 'default',
      });
    }
  });

  it("is the caller's statement when a zone is sent without a source", () => {
    expect(factsFor({ timeZone: 'Asia/Tokyo' })).toEqual({
      timeZone: 'Asia/Tokyo',
      timeZoneSource: 'declared',
    });
  });

  it('keeps the source the client sends with a zone', () => {
    for (const timeZoneSource of ['declared', 'browser', 'default'] as const) {
      expect(factsFor({ timeZone: 'Asia/Tokyo', timeZoneSource })).toEqual({
        timeZone: 'Asia/Tokyo',
        timeZoneSource,
      });
    }
  });

  it('takes the three sources and refuses any other', () => {
    expect(() => factsFor({ timeZoneSource: 'phone' })).toThrow(/timeZoneSource/);
  });
});
