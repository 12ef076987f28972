import { type ExportFacts, UploadOptionsSchema } from '@chatexhibit/proto/processing-options';
import { INGEST_JOB } from '@chatexhibit/proto/subjects';
import type { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import type { ProgressChannel } from '@chatexhibit/kit/progress/progress-channel';
import type { ObjectStorage } from '@chatexhibit/kit/storage/object-storage';
import { parseRequest } from '../src/http/parse-request';
import type { ReceivedUpload } from '../src/uploads/receive-upload';
import { StartProcessingService } from '../src/uploads/start-processing.service';

const SERVER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The facts the upload route queues for `options` (the JSON the client sent), with fakes for the rest. */
async function factsFor(options: unknown): Promise<ExportFacts> {
  const jobs: Array<{ subject: string; payload: { facts?: ExportFacts } }> = [];
  const service = new StartProcessingService(
    { putFile: async () => undefined } as unknown as ObjectStorage,
    {
      enqueue: async (contract: { subject: string }, payload: { facts?: ExportFacts }) => {
        jobs.push({ subject: contract.subject, payload });
      },
    } as unknown as WorkQueue,
    { publish: async () => undefined } as unknown as ProgressChannel,
  );
  const upload: ReceivedUpload = {
    filePath: '/nonexistent/chat.zip',
    originalFilename: 'chat.zip',
    sizeBytes: 1,
    sha256: 'a'.repeat(64),
    options: JSON.stringify(options),
    discard: async () => undefined,
  };
  await service.start(upload, parseRequest(UploadOptionsSchema, options, 'options'));
  return jobs.find((job) => job.subject === INGEST_JOB.subject)!.payload.facts!;
}

describe('the time zone of an upload, and where it came from', () => {
  it("is the server's default when no zone is sent, whatever the client says of its source", async () => {
    for (const timeZoneSource of [undefined, 'declared', 'browser', 'default'] as const) {
      expect(await factsFor({ ...(timeZoneSource && { timeZoneSource }) })).toMatchObject({
        timeZone: SERVER_ZONE,
        timeZoneSource: 'default',
      });
    }
  });

  it("is the caller's statement when a zone is sent without a source", async () => {
    expect(await factsFor({ timeZone: 'Asia/Tokyo' })).toMatchObject({
      timeZone: 'Asia/Tokyo',
      timeZoneSource: 'declared',
    });
  });

  it('keeps the source the client sends with a zone', async () => {
    for (const timeZoneSource of ['declared', 'browser', 'default'] as const) {
      expect(await factsFor({ timeZone: 'Asia/Tokyo', timeZoneSource })).toMatchObject({
        timeZone: 'Asia/Tokyo',
        timeZoneSource,
      });
    }
  });

  it('takes the three sources and refuses any other', () => {
    for (const timeZoneSource of ['declared', 'browser', 'default']) {
      expect(parseRequest(UploadOptionsSchema, { timeZoneSource }, 'options')).toMatchObject({
        timeZoneSource,
      });
    }
    expect(() => parseRequest(UploadOptionsSchema, { timeZoneSource: 'phone' }, 'options')).toThrow(
      /timeZoneSource/,
    );
  });
});
