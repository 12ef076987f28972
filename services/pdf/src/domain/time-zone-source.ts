// Where the export's time zone came from, said the same way in every document.

import type { TimeZoneSource } from '@chatexhibit/proto/processing-options';

/**
 * Where the export's time zone came from, in plain words: the one text the cover, the declaration,
 * README.txt and manifest.json all use. Only a zone someone stated is called stated; a browser's
 * zone or a default is never presented as the uploader's statement.
 */
export function timeZoneSourceStatement(zone: string, source: TimeZoneSource): string {
  switch (source) {
    case 'declared':
      return `The uploader stated that the phone's time zone was ${zone}.`;
    case 'browser':
      return (
        `The time zone ${zone} was taken from the uploader's web browser when the export was ` +
        "uploaded; it is the zone of the computer used to upload, which may differ from the phone's."
      );
    case 'default':
      return (
        // Every document says before this that the times are the phone's own local times.
        `No time zone was stated; ChatExhibit assumed ${zone}. The phone's time zone may not be ${zone}.`
      );
  }
}
