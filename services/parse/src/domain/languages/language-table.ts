// One language's WhatsApp wording, as data. Every language has the same shape; the parser
// compiles all of them once into shared lookups (../language-signals.ts). A text is written as
// WhatsApp writes it, with "{}" where WhatsApp puts a name, a subject, a number or a link; "{}"
// at either end makes a phrase that may stand anywhere in the line. A final "." is optional
// when matching, and so are the invisible marks and no-break spaces WhatsApp adds.

import type { SystemEvent } from '../system-events';

export interface LanguageTable {
  /** BCP 47 tag. */
  tag: string;
  /** English name, for the documentation. */
  name: string;
  /** Phrases only the encryption notice holds ("end-to-end" as the language says it). */
  encryption: readonly string[];
  /** System lines, by event. */
  events: Partial<Record<Exclude<SystemEvent, 'encryption'>, readonly string[]>>;
  /** Whole texts standing for media left out of the export ("<Media omitted>", iOS "image omitted"). */
  mediaOmitted: readonly string[];
  /** Whole texts standing for a deleted message. */
  deleted: readonly string[];
  /** Appended to an edited message ("<This message was edited>"). */
  edited: readonly string[];
  /** Android: a file sent with the export ("{} (file attached)"). */
  fileAttached: readonly string[];
  /** iOS: a file sent with the export ("<attached: {}>"). */
  attached: readonly string[];
  /** A shared location ("location: {}", "{}" being the map link). */
  location: readonly string[];
  /** Whole texts standing for a shared live location. */
  liveLocation: readonly string[];
  /** Whole texts standing for a missed call. */
  missedCall: readonly string[];
  /** First line of a poll ("POLL:"). */
  poll: readonly string[];
}
