import { buildManifest } from '../src/domain/evidence/manifest';
import { PACKAGE_DOCUMENTS } from '../src/domain/evidence/types';
import {
  NotReproducibleError,
  reproductionInstructions,
  reproductionSettings,
  versionDifferences,
} from '../src/domain/evidence/reproduction';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type EvidenceFixture, writeEvidenceFixture } from './support/evidence-fixture';

describe('reproducing a package from its manifest', () => {
  let root: string;
  let fixture: EvidenceFixture;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-reproduction-'));
    fixture = await writeEvidenceFixture(root);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));
  const buildEvidenceFixture = async () => ({ facts: fixture.evidenceFacts, files: fixture.files });

  it('reads back every setting the documents were made with', async () => {
    const { facts, files } = await buildEvidenceFixture();
    const settings = reproductionSettings(buildManifest(facts, files));
    expect(settings).toMatchObject({
      exportReference: facts.exportReference,
      // The manifest writes every instant as UTC with milliseconds; the documents read the instant.
      facts: { ...facts.facts, receivedAt: new Date(facts.facts.receivedAt).toISOString() },
      generatedAt: facts.generatedAt,
      verifyUrl: facts.verifyUrl,
      toolVersion: facts.toolVersion,
      sourceRevision: facts.sourceRevision,
      sourceUrl: facts.sourceUrl,
      components: facts.components,
    });
    expect(settings.uploadPath).toBe(files.find((f) => f.role === 'original-upload')!.path);
    // Every document the package lists, so a new document is compared without a change here.
    expect(settings.comparedPaths).toEqual([
      'manifest.json',
      ...PACKAGE_DOCUMENTS.map((d) => d.path),
      ...files.filter((f) => f.role === 'derived-audio').map((f) => f.path),
    ]);
    expect(settings.comparedPaths).toEqual(
      expect.arrayContaining(['transcript.pdf', 'declaration-template.txt', 'processing-record.pdf']),
    );
  });

  it('reads the first Bates number back, and as 1 from a manifest written before it was recorded', async () => {
    const { facts, files } = await buildEvidenceFixture();
    const numbered = { ...facts, facts: { ...facts.facts, batesStart: 1001 } };
    expect(reproductionSettings(buildManifest(numbered, files)).facts.batesStart).toBe(1001);
    const manifest = JSON.parse(buildManifest(numbered, files).toString('utf8')) as {
      export: Record<string, unknown>;
    };
    delete manifest.export.batesStart;
    expect(reproductionSettings(Buffer.from(JSON.stringify(manifest))).facts.batesStart).toBe(1);
  });

  it('refuses what is not a manifest of ours, or one made before reproducing was possible', async () => {
    expect(() => reproductionSettings(Buffer.from('not json'))).toThrow(NotReproducibleError);
    expect(() => reproductionSettings(Buffer.from('{"format":"other"}'))).toThrow(
      /not a ChatExhibit manifest/,
    );
    const { facts, files } = await buildEvidenceFixture();
    const old = JSON.parse(buildManifest(facts, files).toString('utf8')) as Record<string, unknown>;
    expect(() =>
      reproductionSettings(
        Buffer.from(JSON.stringify({ ...old, format: 'chatexhibit-evidence-manifest/2' })),
      ),
    ).toThrow(/of format chatexhibit-evidence-manifest\/2, made before packages recorded every setting/);
    delete old.verifyUrl;
    expect(() => reproductionSettings(Buffer.from(JSON.stringify(old)))).toThrow(
      /does not record every setting its documents were made with \(verifyUrl\)/,
    );
  });

  it('names each version that differs, and nothing when all are the same', () => {
    const sourceRevision = { commit: 'a'.repeat(40), dirty: false };
    const recorded = {
      toolVersion: '1.0.0',
      sourceRevision,
      components: { ffmpeg: '6.1.1', node: '22.1.0' },
    };
    expect(versionDifferences(recorded, recorded)).toEqual([]);
    expect(
      versionDifferences(recorded, { ...recorded, components: { ffmpeg: '5.1.6', node: '22.1.0' } }),
    ).toEqual(['the package was made with ffmpeg 6.1.1, this run used 5.1.6']);
    expect(
      versionDifferences(recorded, { ...recorded, toolVersion: '1.1.0', components: { node: '22.1.0' } }),
    ).toEqual([
      'the package was made with ChatExhibit 1.0.0, this run used 1.1.0',
      'the package was made with ffmpeg 6.1.1, this run used (none)',
    ]);
  });

  it('names a source revision that differs; a package that predates recording one is compared by version', () => {
    const recorded = {
      toolVersion: '1.0.0',
      sourceRevision: { commit: 'a'.repeat(40), dirty: false },
      components: {},
    };
    expect(
      versionDifferences(recorded, { ...recorded, sourceRevision: { commit: 'b'.repeat(40), dirty: true } }),
    ).toEqual([
      `the package was made with the ChatExhibit source revision ${'a'.repeat(40)}, this run used ${'b'.repeat(40)} with changes not committed`,
    ]);
    expect(versionDifferences(recorded, { ...recorded, sourceRevision: null })).toEqual([
      `the package was made with the ChatExhibit source revision ${'a'.repeat(40)}, this run used not recorded (built without git and without SOURCE_COMMIT)`,
    ]);
    expect(versionDifferences({ ...recorded, sourceRevision: undefined }, recorded)).toEqual([]);
  });

  it('reads a format-5 manifest, which names no source revision or URL', async () => {
    const { facts, files } = await buildEvidenceFixture();
    const manifest = JSON.parse(buildManifest(facts, files).toString('utf8')) as {
      format: string;
      tool: Record<string, unknown>;
    };
    manifest.format = 'chatexhibit-evidence-manifest/5';
    delete manifest.tool.sourceRevision;
    delete manifest.tool.sourceUrl;
    const settings = reproductionSettings(Buffer.from(JSON.stringify(manifest)));
    expect(settings).toMatchObject({
      sourceRevision: undefined,
      sourceUrl: null,
      toolVersion: facts.toolVersion,
    });
  });

  it('tells a third party the command and the version to run it with', () => {
    const text = reproductionInstructions('2.3.4').join(' ');
    expect(text).toContain('npm run -s convert -- --reproduce evidence.zip --out <empty folder>');
    expect(text).toContain('ChatExhibit 2.3.4');
    expect(text).toContain('tool.components');
  });
});
