// Where the export's time zone came from, said the same way in every document.

import type { TimeZoneSource } from '@chatexhibit/proto/processing-options';

/**
 * Where the export's time zone came from, in plain words: the one text the cover, the declaration,
 * README.txt and manifest.json all use. A zone chosen is a setting of whoever made the transcript,
 * never a person's statement of the phone's zone; a browser's zone or a default is never called
 * chosen.
 */
export function timeZoneSourceStatement(zone: string, source: TimeZoneSource): string {
  switch (source) {
    case 'declared':
      return `Times are read in ${zone}, the time zone chosen when the transcript was made.`;
    case 'browser':
      return (
        `The time zone ${zone} was taken from the uploader's web browser when the export was ` +
        "uploaded; it is the zone of the computer used to upload, which may differ from the phone's."
      );
    case 'default':
      return (
        // Every document says before this that the times are the phone's own local times.
        `No time zone was chosen; ChatExhibit assumed ${zone}. The phone's time zone may not be ${zone}.`
      );
  }
}
