import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildDeclaration } from '@chatexhibit/pdf/domain/evidence/declaration';
import { buildManifest } from '@chatexhibit/pdf/domain/evidence/manifest';
import { buildReadme } from '@chatexhibit/pdf/domain/evidence/readme';
import type { EvidenceFacts, EvidenceFile } from '@chatexhibit/pdf/domain/evidence/types';
import { timeZoneSourceStatement } from '@chatexhibit/pdf/domain/time-zone-source';
import { ExportFactsSchema, type TimeZoneSource } from '@chatexhibit/proto/processing-options';
import { coverOf } from './support/cover-fixture';
import { type EvidenceFixture, TRANSCRIPT_PAGES, writeEvidenceFixture } from './support/evidence-fixture';
import { transcriptMessage } from './support/transcript-message';

const HASHES = {
  manifest: 'a'.repeat(64),
  transcript: 'b'.repeat(64),
  filingTranscript: 'c'.repeat(64),
  processingRecord: 'd'.repeat(64),
};
const ZONE = 'Europe/Berlin';
const SOURCES: TimeZoneSource[] = ['declared', 'browser', 'default'];

/** `text` with every run of whitespace made one space, for phrases that may be wrapped. */
const flat = (text: string): string => text.replace(/\s+/g, ' ');

async function coverTimeZone(source: TimeZoneSource | undefined): Promise<string> {
  const { section } = await coverOf(
    [transcriptMessage(1, { timestamp: '2024-06-01T09:00:00', sender: 'Sam', content: 'hi' })],
    {},
    { timeZone: ZONE, ...(source !== undefined && { timeZoneSource: source }) },
  );
  return section('Time zone').paragraphs!.join(' ');
}

describe("where the export's time zone came from", () => {
  let root: string;
  let fixture: EvidenceFixture;
  let files: EvidenceFile[];
  const withSource = (source: TimeZoneSource): EvidenceFacts => ({
    ...fixture.evidenceFacts,
    facts: { ...fixture.evidenceFacts.facts, timeZone: ZONE, timeZoneSource: source },
  });
  const documents = async (source: TimeZoneSource) => {
    const facts = withSource(source);
    return {
      cover: await coverTimeZone(source),
      declaration: flat(buildDeclaration(facts, files, HASHES).toString('utf8')),
      readme: flat(buildReadme(facts, TRANSCRIPT_PAGES).toString('utf8')),
      manifest: JSON.parse(buildManifest(facts, files).toString('utf8')) as {
        export: Record<string, unknown>;
      },
    };
  };
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-time-zone-source-'));
    fixture = await writeEvidenceFixture(root);
    ({ files } = fixture);
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('is said in the same words by the cover, the declaration, README.txt and manifest.json', async () => {
    for (const source of SOURCES) {
      const statement = timeZoneSourceStatement(ZONE, source);
      const texts = await documents(source);
      expect(texts.cover).toContain(statement);
      expect(texts.declaration).toContain(statement);
      expect(texts.readme).toContain(statement);
      expect(texts.manifest.export).toMatchObject({
        timeZone: ZONE,
        timeZoneSource: source,
        timeZoneStatement: statement,
      });
      expect(texts.manifest.export).not.toHaveProperty('declaredTimeZone');
    }
  });

  // The manifest's timeZoneSource names the value 'declared'; its statement never does.
  it('calls only a zone chosen when the transcript was made chosen, and none a statement of the phone', async () => {
    expect(timeZoneSourceStatement(ZONE, 'declared')).toBe(
      'Times are read in Europe/Berlin, the time zone chosen when the transcript was made.',
    );
    expect(timeZoneSourceStatement(ZONE, 'browser')).toContain("taken from the uploader's web browser");
    expect(timeZoneSourceStatement(ZONE, 'default')).toContain(
      'No time zone was chosen; ChatExhibit assumed',
    );
    for (const source of ['browser', 'default'] as const) {
      const texts = await documents(source);
      expect(texts.cover).not.toContain('the time zone chosen');
      for (const text of [
        texts.cover,
        texts.declaration,
        texts.readme,
        String(texts.manifest.export.timeZoneStatement),
      ]) {
        expect(text).not.toMatch(/declared|stated that|uploader's statement/i);
      }
    }
    // Whoever ran ChatExhibit set the zone: no document calls it a person's statement.
    for (const text of Object.values(await documents('declared')))
      expect(JSON.stringify(text)).not.toMatch(/stated that/);
  });

  it("leaves the declarant a blank for the phone's zone unless the uploader stated it", async () => {
    const blank =
      "The phone's time zone when the export was made was ______________________ [the phone's time zone, or strike this sentence].";
    expect((await documents('declared')).declaration).not.toContain(blank);
    expect((await documents('browser')).declaration).toContain(blank);
    expect((await documents('default')).declaration).toContain(blank);
  });

  it('reads facts without a source (older jobs) as a default, never as declared', async () => {
    expect(ExportFactsSchema.parse({ ...fixture.facts, timeZoneSource: undefined }).timeZoneSource).toBe(
      'default',
    );
    expect(await coverTimeZone(undefined)).toContain(timeZoneSourceStatement(ZONE, 'default'));
  });
});
