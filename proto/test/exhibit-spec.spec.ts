import { issueSentences } from '../src/errors';
import { ExhibitSpecSchema, maxFileBytesOf } from '../src/exhibit-spec';

const SPEC = { label: 'Exhibit P-7', selections: [{ from: 412, to: 440 }, { message: 512 }] };
const refusal = (spec: unknown) => {
  const issue = ExhibitSpecSchema.safeParse(spec).error?.issues[0];
  return issue === undefined ? undefined : { path: issue.path.join('.'), message: issue.message };
};

describe('an exhibit spec', () => {
  it('fills what the caller leaves out: no context, highlights, redactions or size limit', () => {
    expect(ExhibitSpecSchema.parse(SPEC)).toStrictEqual({
      ...SPEC,
      context: 0,
      highlights: [],
      redactions: [],
      courtProfile: { none: true },
    });
  });

  it('never fills in how the unredacted copy is submitted: only the filer knows', () => {
    expect(ExhibitSpecSchema.parse(SPEC)).not.toHaveProperty('sealedCopyMark');
    expect(
      ExhibitSpecSchema.parse({ ...SPEC, sealedCopyMark: 'lodged-conditionally-under-seal' }).sealedCopyMark,
    ).toBe('lodged-conditionally-under-seal');
  });

  it('sets the size limit from a preset, a custom number of bytes, or none', () => {
    const limit = (courtProfile: unknown) =>
      maxFileBytesOf(ExhibitSpecSchema.parse({ ...SPEC, courtProfile }).courtProfile);
    expect(limit({ preset: 'd-utah-bankruptcy' })).toBe(8_000_000);
    expect(limit({ preset: 'sdny' })).toBe(35_000_000);
    expect(limit({ maxFileBytes: 1_000_000 })).toBe(1_000_000);
    expect(limit({ none: true })).toBeNull();
  });

  it('names the field of each refusal', () => {
    expect(refusal({ ...SPEC, selections: [] })).toEqual({
      path: 'selections',
      message: 'must select at least one message',
    });
    expect(refusal({ ...SPEC, selections: [{ from: 440, to: 412 }] })).toEqual({
      path: 'selections.0.to',
      message: 'from must not be after to',
    });
    expect(
      refusal({
        ...SPEC,
        redactions: [{ kind: 'text', message: 3, text: '', reason: { category: 'birth-date' } }],
      }),
    ).toEqual({
      path: 'redactions.0.text',
      message: 'must not be empty',
    });
    expect(
      refusal({ ...SPEC, redactions: [{ kind: 'message', message: 3, reason: { category: 'other' } }] }),
    ).toEqual({
      path: 'redactions.0.reason.note',
      message: 'a reason of category "other" needs a note saying what it is',
    });
    expect(
      refusal({
        ...SPEC,
        redactions: [{ kind: 'phone-number', number: 'call me', reason: { category: 'other', note: 'x' } }],
      })?.path,
    ).toBe('redactions.0.number');
    expect(refusal({ ...SPEC, courtProfile: { maxFileBytes: 1000 } })).toEqual({
      path: 'courtProfile.maxFileBytes',
      message: 'must be at least 250000 bytes',
    });
    expect(refusal({ ...SPEC, selections: [{ from: 412 }] })).toEqual({
      path: 'selections.0',
      message:
        'must be one message { "message": 412 }, a range { "from": 412, "to": 440 } or days { "fromDay": "2024-03-01", "toDay": "2024-03-02" }',
    });
    expect(refusal({ ...SPEC, courtProfile: { preset: 'moon' } })).toEqual({
      path: 'courtProfile',
      message:
        'must be a preset { "preset": "sdny" } (one of d-utah-bankruptcy (8 MB), nd-georgia (15 MB), ' +
        'efile-texas (25 MB), sdny (35 MB), cd-california (35 MB), nd-illinois (35 MB), ed-pennsylvania (50 MB)), ' +
        'a limit { "maxFileBytes": 8000000 } (at least 250000 bytes) or no limit { "none": true }',
    });
    expect(refusal({ ...SPEC, sealedCopyMark: 'sealed' })).toEqual({
      path: 'sealedCopyMark',
      message: 'must be one of filed-under-seal, lodged-conditionally-under-seal',
    });
    expect(refusal({ ...SPEC, courtProfile: { preset: 'sdny', none: true } })?.message).toMatch(
      /^must be a preset \{ "preset": "sdny" \} \(one of d-utah-bankruptcy \(8 MB\)/,
    );
    expect(
      refusal({
        ...SPEC,
        redactions: [
          { kind: 'text', message: 3, text: 'x', occurrence: 0, reason: { category: 'birth-date' } },
        ],
      }),
    ).toEqual({ path: 'redactions.0.occurrence', message: 'must be 1 or more: 1 is the first occurrence' });
    expect(refusal({ ...SPEC, batesStart: 5 })?.path).toBe('batesStart');
    expect(refusal({ ...SPEC, colour: 'red' })?.message).toMatch(/colour/);
  });
});

describe('the sentences a refused spec gets, as the CLI and the API give them', () => {
  const sentences = (spec: unknown) => issueSentences(ExhibitSpecSchema.safeParse(spec).error?.issues ?? []);
  const reason = { category: 'taxpayer-id' };

  it('name an unknown key with the nearest known one, at every level of the spec', () => {
    expect(sentences({ ...SPEC, redaction: [] })).toEqual([
      'unknown key "redaction": did you mean "redactions"?',
    ]);
    expect(sentences({ ...SPEC, BatesPrefix: 'DOE' })).toEqual([
      'unknown key "BatesPrefix": did you mean "batesPrefix"?',
    ]);
    expect(sentences({ ...SPEC, selections: [{ messsage: 412 }] })).toEqual([
      'selections[0]: unknown key "messsage": did you mean "message"?',
    ]);
    expect(sentences({ ...SPEC, selections: [{ fromDay: '2024-03-01', tooDay: '2024-03-02' }] })).toEqual([
      'selections[0]: unknown key "tooDay": did you mean "toDay"?',
    ]);
    expect(sentences({ ...SPEC, redactions: [{ kind: 'message', mesage: 3, reason }] })[0]).toBe(
      'redactions[0]: unknown key "mesage": did you mean "message"?',
    );
    // The unknown key first: it explains the missing one beside it.
    expect(
      sentences({
        ...SPEC,
        redactions: [{ kind: 'message', message: 3, reason: { categry: 'birth-date' } }],
      }),
    ).toEqual([
      'redactions[0].reason: unknown key "categry": did you mean "category"?',
      'redactions[0].reason.category: is missing: a redaction has no default reason, so choose one of taxpayer-id, birth-date, minor-name, financial-account, sealed-by-order, other',
    ]);
    expect(sentences({ ...SPEC, courtProfile: { presett: 'sdny' } })).toEqual([
      'courtProfile: unknown key "presett": did you mean "preset"?',
    ]);
    // An object read as one form is hinted from every form's keys.
    expect(sentences({ ...SPEC, courtProfile: { preset: 'sdny', maxFileByte: 8_000_000 } })).toEqual([
      'courtProfile: unknown key "maxFileByte": did you mean "maxFileBytes"?',
    ]);
    expect(sentences({ ...SPEC, selections: [{ from: 3, to: 5, fromDy: '2024-03-01' }] })).toEqual([
      'selections[0]: unknown key "fromDy": did you mean "fromDay"?',
    ]);
    // Nothing close: the keys there are.
    expect(sentences({ ...SPEC, colour: 'red' })).toEqual([
      'unknown key "colour": the keys here are "label", "selections", "context", "highlights", "redactions", "batesPrefix", "batesStart", "courtProfile", "sealedCopyMark"',
    ]);
  });

  it('show a reason written as its category the object it belongs in, with the categories', () => {
    const categories = 'taxpayer-id, birth-date, minor-name, financial-account, sealed-by-order, other';
    expect(
      sentences({ ...SPEC, redactions: [{ kind: 'message', message: 3, reason: 'birth-date' }] }),
    ).toEqual([
      `redactions[0].reason: must be an object such as { "category": "birth-date" }, the category one of ${categories} (with a "note" for other)`,
    ]);
    expect(sentences({ ...SPEC, redactions: [{ kind: 'message', message: 3, reason: 'secret' }] })).toEqual([
      `redactions[0].reason: must be an object such as { "category": "taxpayer-id" }, the category one of ${categories} (with a "note" for other)`,
    ]);
  });

  it('refuse a redaction without a reason in a plain sentence: there is no default reason', () => {
    const categories = 'taxpayer-id, birth-date, minor-name, financial-account, sealed-by-order, other';
    expect(sentences({ ...SPEC, redactions: [{ kind: 'phone-number', number: '+1 555 010 4477' }] })).toEqual(
      [
        `redactions[0].reason: is missing: a redaction has no default reason, so give one such as { "category": "taxpayer-id" }, the category one of ${categories} (with a "note" for other)`,
      ],
    );
    expect(
      sentences({ ...SPEC, redactions: [{ kind: 'phone-number', number: '+1 555 010 4477', reason: {} }] }),
    ).toEqual([
      `redactions[0].reason.category: is missing: a redaction has no default reason, so choose one of ${categories}`,
    ]);
  });

  it('say why a day is not on the calendar, in one sentence', () => {
    const days = (fromDay: string, toDay: string) => sentences({ ...SPEC, selections: [{ fromDay, toDay }] });
    expect(days('2024-02-30', '2024-03-01')).toEqual([
      'selections[0].fromDay: is not a day of the calendar: February 2024 has 29 days',
    ]);
    expect(days('2024-03-01', '2023-02-29')).toEqual([
      'selections[0].toDay: is not a day of the calendar: February 2023 has 28 days',
    ]);
    expect(days('2024-13-01', '2024-12-31')).toEqual([
      'selections[0].fromDay: is not a day of the calendar: there is no month 13',
    ]);
    expect(days('2024-3-1', '2024-03-01')).toEqual([
      'selections[0].fromDay: must be a day written YYYY-MM-DD',
    ]);
    expect(days('2024-02-29', '2024-02-29')).toEqual([]);
  });
});

describe('exhibit-wide redactions and what their boxes say', () => {
  const redacting = (redaction: object) => ({ ...SPEC, redactions: [redaction] });
  const minor = { category: 'minor-name' };

  it('takes a word or phrase everywhere, and initials or a pseudonym for its boxes and a phone number’s', () => {
    expect(
      refusal(redacting({ kind: 'text-everywhere', text: 'Emma', replaceWith: 'E.M.', reason: minor })),
    ).toBeUndefined();
    expect(
      refusal(
        redacting({
          kind: 'phone-number',
          number: '+44 20 7946 0958',
          replaceWith: 'Respondent',
          reason: minor,
        }),
      ),
    ).toBeUndefined();
  });

  it('refuses a replacement that gives away what it replaces, or is not one short line', () => {
    expect(
      refusal(redacting({ kind: 'text-everywhere', text: 'Emma', replaceWith: 'EMMA M.', reason: minor })),
    ).toEqual({ path: 'redactions.0.replaceWith', message: 'must not hold the text it replaces' });
    expect(
      refusal(
        redacting({ kind: 'text-everywhere', text: 'Emma', replaceWith: 'x'.repeat(41), reason: minor }),
      ),
    ).toEqual({ path: 'redactions.0.replaceWith', message: 'must be at most 40 characters' });
    expect(
      refusal(redacting({ kind: 'text', message: 1, text: 'a', replaceWith: 'b', reason: minor }))?.path,
    ).toBe('redactions.0');
  });

  it('refuses a redaction of what an earlier one removes, whatever its reason or spelling', () => {
    const spec = {
      ...SPEC,
      redactions: [
        { kind: 'text-everywhere', text: 'Mary-Jane', reason: minor },
        { kind: 'phone-number', number: '+1 555 201 7788', reason: minor },
        { kind: 'text-everywhere', text: 'MARY-JANE', reason: { category: 'other', note: 'again' } },
        { kind: 'phone-number', number: '+1 (555) 201-7788', reason: minor },
        { kind: 'text', message: 1, text: 'Mary', reason: minor },
      ],
    };
    expect(issueSentences(ExhibitSpecSchema.safeParse(spec).error?.issues ?? [])).toEqual([
      'redactions[2]: removes what redactions[0] removes: give each thing to remove once',
      'redactions[3]: removes what redactions[1] removes: give each thing to remove once',
    ]);
  });

  it('refuses more than 100 redactions looked for everywhere', () => {
    const names = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ kind: 'text-everywhere', text: `w${i}`, reason: minor }));
    expect(refusal({ ...SPEC, redactions: names(100) })).toBeUndefined();
    expect(refusal({ ...SPEC, redactions: names(101) })).toEqual({
      path: 'redactions',
      message:
        'must have at most 100 redactions of kind phone-number or text-everywhere: each is looked for in every text of the exhibit',
    });
  });

  it('refuses a label or Bates prefix that writes a text the exhibit removes everywhere', () => {
    const spec = {
      ...SPEC,
      label: 'Exhibit EMMA-7',
      batesPrefix: 'Emma',
      redactions: [{ kind: 'text-everywhere', text: 'Emma', reason: minor }],
    };
    expect(issueSentences(ExhibitSpecSchema.safeParse(spec).error?.issues ?? [])).toEqual([
      'label: holds a text redactions[0] removes everywhere: it is printed on every page, so choose one without it',
      'batesPrefix: holds a text redactions[0] removes everywhere: it is printed on every page, so choose one without it',
    ]);
  });

  it("refuses a word without a letter or digit (a number the plan cannot read is the plan's refusal)", () => {
    expect(refusal(redacting({ kind: 'text-everywhere', text: '--', reason: minor }))).toEqual({
      path: 'redactions.0.text',
      message: 'must be a word or phrase, with a letter or digit',
    });
  });
});
