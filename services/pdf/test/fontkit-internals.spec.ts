import { FontSet } from '../src/domain/text/font-set';

/**
 * The canary of fontkit's private parts that fontkit-fixes.ts patches or reads (pinned at 2.0.4):
 * after an upgrade, a failure here names the part that moved, before Malayalam or Mongolian
 * shaping quietly goes wrong again.
 */
describe('fontkit internals the text engine relies on', () => {
  it('keeps a GPOS processor with applyAnchor on its prototype once a face has laid text out', () => {
    const { font } = FontSet.shared().face('malayalam', 'regular');
    font.layout('മലയാളം');
    const processor = (font as unknown as { _layoutEngine: { engine?: { GPOSProcessor?: object } } })
      ._layoutEngine.engine?.GPOSProcessor;
    expect(processor).toBeDefined();
    expect(typeof (Object.getPrototypeOf(processor) as { applyAnchor?: unknown }).applyAnchor).toBe(
      'function',
    );
  });

  it('reads GSUB lookups and features as fields', () => {
    const { font } = FontSet.shared().face('mongolian', 'regular');
    const gsub = (
      font as unknown as {
        GSUB?: {
          lookupList: { length: number; get(index: number): { lookupType: number } };
          featureList: { tag: string; feature: { lookupListIndexes: number[] } }[];
        };
      }
    ).GSUB;
    expect(gsub!.lookupList.length).toBeGreaterThan(0);
    expect(typeof gsub!.lookupList.get(0).lookupType).toBe('number');
    expect(gsub!.featureList.map(({ tag }) => tag)).toContain('calt');
    expect(Array.isArray(gsub!.featureList[0]!.feature.lookupListIndexes)).toBe(true);
  });
});
