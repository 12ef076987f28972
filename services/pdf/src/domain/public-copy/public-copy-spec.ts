// The public copy's exhibit spec: every message of the transcript, each Rule 5.2(a) identifier the
// suggestion engine finds in a message's text accepted as the web app's Accept button accepts it
// (all of it but the last four digits or the year), and the filer's own redactions from a spec.

import { type ExhibitSpec, type Redaction, redactionTarget } from '@chatexhibit/proto/exhibit-spec';
import { PUBLIC_COPY_LABEL } from '@chatexhibit/proto/public-copy';
import { acceptedRedaction, partToRemove, suggestRedactions } from '@chatexhibit/proto/redaction-suggestions';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';

/** What the public copy's spec was made of: the spec, and for each accepted suggestion (by its index in spec.redactions) the whole identifier it was cut from. */
export interface PublicCopySpec {
  spec: ExhibitSpec;
  /** "123-45-6789" for the redaction of "123-45-": the Rule 5.2(g) list names the whole item. */
  identifiers: ReadonlyMap<number, string>;
}

/**
 * The spec of a public copy, in one pass over the messages: the filer's redactions of `extra` first
 * (their numbers, R1…, as the filer wrote them), then one accepted suggestion per identifier the
 * engine finds that no redaction of `extra` already removes. Of `extra` only its redactions, Bates
 * numbers, court profile and sealed copy's mark count: the public copy holds every message.
 */
export async function publicCopySpec(
  messages: AsyncIterable<readonly TranscriptMessage[]>,
  extra: ExhibitSpec | null,
): Promise<PublicCopySpec> {
  const redactions: Redaction[] = [...(extra?.redactions ?? [])];
  const targets = new Set(redactions.map(redactionTarget));
  const identifiers = new Map<number, string>();
  let total = 0;
  for await (const page of messages)
    for (const message of page) {
      total = Math.max(total, message.index);
      for (const suggestion of suggestRedactions(message.content)) {
        const removed = partToRemove(suggestion);
        // A text that starts inside an overlapping run of itself has no occurrence: every occurrence goes.
        const redaction: Redaction = acceptedRedaction(message.index, message.content, suggestion) ?? {
          kind: 'text',
          message: message.index,
          text: message.content.slice(removed.start, removed.end),
          reason: { category: suggestion.category },
        };
        const target = redactionTarget(redaction);
        if (targets.has(target)) continue;
        targets.add(target);
        identifiers.set(redactions.length, message.content.slice(suggestion.start, suggestion.end));
        redactions.push(redaction);
      }
    }
  return {
    spec: {
      label: PUBLIC_COPY_LABEL,
      selections: total === 0 ? [] : [{ from: 1, to: total }],
      context: 0,
      highlights: [],
      redactions,
      ...(extra?.batesPrefix === undefined ? {} : { batesPrefix: extra.batesPrefix }),
      ...(extra?.batesStart === undefined ? {} : { batesStart: extra.batesStart }),
      courtProfile: extra?.courtProfile ?? { none: true },
      ...(extra?.sealedCopyMark === undefined ? {} : { sealedCopyMark: extra.sealedCopyMark }),
    },
    identifiers,
  };
}
