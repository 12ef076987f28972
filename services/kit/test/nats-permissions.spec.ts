import { PART_NAMES } from '@chatexhibit/proto/health';
import * as subjects from '@chatexhibit/proto/subjects';
import { durableName } from '../src/bus/nats-names';
import { natsInboxPrefix, natsPermissions } from '../src/bus/nats-permissions';

/** Every contract the catalogue exports, tables of them (health, expiry) opened up. */
const catalogue = Object.values(subjects)
  .flatMap((value) =>
    typeof value === 'object' && value !== null && !('kind' in value) ? Object.values(value) : [value],
  )
  .filter((value): value is { kind: string; subject: unknown } =>
    ['request', 'job', 'event'].includes((value as { kind?: string } | null)?.kind ?? ''),
  );

describe('the NATS permissions, generated from who uses each subject', () => {
  it('list every subject of the catalogue once, so no part is left without one it uses', () => {
    const listed = subjects.SUBJECT_USES.map((use) => use.contract);
    expect(new Set(listed).size).toBe(listed.length);
    expect(catalogue.filter((contract) => !listed.includes(contract as never))).toEqual([]);
  });

  it('let no part subscribe to everything, to the requests it does not answer, or to another inbox', () => {
    const permissions = natsPermissions('chatexhibit');
    for (const part of PART_NAMES) {
      const subscribe = permissions[part].subscribe.allow;
      expect({ part, wildcards: subscribe.filter((s) => s === '>' || s.startsWith('_INBOX.>')) }).toEqual({
        part,
        wildcards: [],
      });
      const inboxes = subscribe.filter((s) => s.startsWith('_INBOX.'));
      expect({ part, inboxes }).toEqual({ part, inboxes: [`${natsInboxPrefix('chatexhibit', part)}.>`] });
    }
    expect(permissions.media.subscribe.allow).not.toContain('chatexhibit.chat.get');
    expect(permissions.media.publish.allow).not.toContain('chatexhibit.chat.get');
    expect(permissions.media.publish.allow).not.toContain('chatexhibit.payment.support.refund');
    expect(
      PART_NAMES.filter((part) => permissions[part].subscribe.allow.includes('chatexhibit.progress.*')),
    ).toEqual(['gateway']);
  });

  it('let media and payment queue documents in both lanes, and only pdf take them from either', () => {
    const permissions = natsPermissions('chatexhibit');
    for (const lane of [subjects.PDF_JOB, subjects.PDF_LARGE_JOB]) {
      const next = `$JS.API.CONSUMER.MSG.NEXT.chatexhibit_jobs.${durableName(lane)}`;
      expect(
        PART_NAMES.filter((part) => permissions[part].publish.allow.includes(`chatexhibit.${lane.subject}`)),
      ).toEqual(['media', 'payment']);
      expect(PART_NAMES.filter((part) => permissions[part].publish.allow.includes(next))).toEqual(['pdf']);
      expect(permissions.pdf.publish.allow).toContain(`chatexhibit.dead-letter.${lane.subject}`);
    }
  });
});
