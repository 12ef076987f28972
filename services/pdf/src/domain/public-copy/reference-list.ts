// The Fed. R. Civ. P. 5.2(g) reference list of a public copy: each redacted item in full against
// the identifier that stands for it, for filing under seal. Plain text, 80 columns, as the
// package's processing record.

import { EXHIBIT_PATHS } from '@chatexhibit/proto/exhibit-files';
import { REFERENCE_LIST_HEADING, referenceListIntroduction } from '@chatexhibit/proto/public-copy';
import { toText, wrap } from '../evidence/plain-text';
import type { ReferenceItem } from './public-companions';

/** The list's text: its heading, what it is, then one entry per item, in order. */
export function referenceList(items: readonly ReferenceItem[], transcriptSha256: string): Buffer {
  const entry = ({ id, label, reason, item, removed, places }: ReferenceItem): string[] => [
    `${id}  [${label}]`,
    ...wrap(
      item === null
        ? `Item: as ${EXHIBIT_PATHS.sealed} shows it at the places below.`
        : `Item: ${item}${removed === null ? '' : ` (redacted: ${removed}; the rest is shown)`}`,
      { indent: '    ' },
    ),
    ...wrap(`Reason: ${reason}`, { indent: '    ' }),
    ...wrap(`Redacted in: ${places.length === 0 ? 'no place' : places.join('; ')}`, { indent: '    ' }),
    '',
  ];
  return toText([
    REFERENCE_LIST_HEADING,
    '',
    ...wrap(referenceListIntroduction(transcriptSha256)),
    '',
    ...items.flatMap(entry),
  ]);
}
