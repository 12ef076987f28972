import type { ExhibitMessage } from '@chatexhibit/proto/exhibit-api';
import {
  type Redaction,
  type RedactionCategory,
  REDACTION_REASONS,
  RedactionSchema,
} from '@chatexhibit/proto/exhibit-spec';
import { messageNumber } from '@chatexhibit/proto/message-number';
import { textOccurrences } from '@chatexhibit/proto/text-range';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

export type RedactionKind = Redaction['kind'];

/** What a redaction dialog is opened for: a kind, on a message (not for an exhibit-wide one), and text picked already. */
export interface RedactionTarget {
  kind: RedactionKind;
  message: ExhibitMessage | null;
  /** Text selected in the message, and which occurrence of it the selection was. */
  text?: string;
  occurrence?: number;
}

const TITLES: Record<RedactionKind, string> = {
  text: 'Redact text',
  message: 'Redact the whole message',
  attachment: 'Redact the attachment',
  'phone-number': 'Redact a phone number everywhere',
  'text-everywhere': 'Redact a word or name everywhere in the exhibit',
};

const CATEGORIES = Object.entries(REDACTION_REASONS) as [
  RedactionCategory,
  (typeof REDACTION_REASONS)[RedactionCategory],
][];

/** Said when no reason is chosen: the schema refuses a redaction without one, and there is no default. */
const NO_REASON = 'Reason: choose why it is removed; a redaction has no default reason.';

const selectClass =
  'flex h-10 w-full rounded-md border border-border bg-background px-3 py-2 text-sm shadow-sm';

/** Ordinal words for the occurrence picker. */
const nth = (n: number): string => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/**
 * One redaction, with its reason: a text of the message (typed or pasted, or the text selected in
 * it, and which occurrence), the whole message, its attachment, or a phone number everywhere.
 * Checked with the spec's own schema, and the text against the message, before it is added.
 */
export function RedactionDialog({
  target,
  totalMessages,
  phoneNumbers,
  onAdd,
  onClose,
}: {
  target: RedactionTarget;
  totalMessages: number;
  /** Numbers the chat shows for people (participants named by their number). */
  phoneNumbers: readonly string[];
  onAdd(redaction: Redaction): void;
  onClose(): void;
}) {
  const id = useId();
  const { message } = target;
  // A text picked in a message can be redacted there, or everywhere the exhibit writes it.
  const [scope, setScope] = useState<'message' | 'everywhere'>('message');
  const kind: RedactionKind =
    target.kind === 'text' && scope === 'everywhere' ? 'text-everywhere' : target.kind;
  const [text, setText] = useState(target.text ?? '');
  const [occurrence, setOccurrence] = useState(
    target.occurrence === undefined ? 'all' : String(target.occurrence),
  );
  const [number, setNumber] = useState(phoneNumbers[0] ?? '');
  // No default: only the filer knows why (a phone number is no SSN), and a default goes unread.
  const [category, setCategory] = useState<RedactionCategory | ''>('');
  const [note, setNote] = useState('');
  const [replaceWith, setReplaceWith] = useState('');
  const replaces = kind === 'phone-number' || kind === 'text-everywhere';
  const [error, setError] = useState<string | null>(null);
  const found = kind === 'text' && message && text !== '' ? textOccurrences(message.content, text).length : 0;
  const at = message ? `message ${messageNumber(message.number, totalMessages)}` : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (kind === 'text' && found === 0) {
      setError(`Text: “${text}” is not in the text of ${at}.`);
      return;
    }
    const reason = {
      ...(category === '' ? {} : { category }),
      ...(note.trim() === '' ? {} : { note }),
    };
    const replacement = replaceWith.trim() === '' ? {} : { replaceWith };
    const candidate =
      kind === 'phone-number'
        ? { kind, number, ...replacement, reason }
        : kind === 'text-everywhere'
          ? { kind, text, ...replacement, reason }
          : kind === 'text'
            ? {
                kind,
                message: message!.number,
                text,
                ...(occurrence === 'all' ? {} : { occurrence: Number(occurrence) }),
                reason,
              }
            : { kind, message: message!.number, reason };
    const parsed = RedactionSchema.safeParse(candidate);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      if (issue.path.includes('category')) {
        setError(NO_REASON);
        return;
      }
      const field = issue.path.includes('note')
        ? 'Note'
        : issue.path.includes('replaceWith')
          ? 'Shown instead'
          : issue.path.includes('number')
            ? 'Phone number'
            : 'Text';
      setError(`${field}: ${issue.message}.`);
      return;
    }
    onAdd(parsed.data);
  };

  const description =
    kind === 'phone-number'
      ? 'The number is blacked out wherever the exhibit writes it: senders, texts, events and file names, however its digits are spaced, with or without its country code.'
      : kind === 'text-everywhere'
        ? 'Everywhere in the exhibit: the word or phrase is blacked out in every included message’s text, sender and attachment name, the participant list and the headers, as whole words in any case (“Emma’s” but not “Emmanuel”).'
        : kind === 'text'
          ? `Type or paste the exact text of ${at} to black out, and say why.`
          : kind === 'message'
            ? `All text of ${at} is blacked out; its number, time and sender stay.`
            : `The file ${message?.attachment ?? ''} of ${at}: its name, hash and picture are blacked out.`;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={TITLES[kind]} description={description}>
      <form className="grid gap-4" onSubmit={submit} noValidate>
        {target.kind === 'text' && message && (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-scope`}>Where</Label>
            <select
              id={`${id}-scope`}
              className={selectClass}
              value={scope}
              onChange={(event) => setScope(event.target.value as 'message' | 'everywhere')}
            >
              <option value="message">Only in {at}</option>
              <option value="everywhere">Everywhere in the exhibit</option>
            </select>
          </div>
        )}
        {kind === 'text' && message && (
          <>
            <blockquote className="max-h-32 overflow-auto rounded-md border border-border bg-muted p-2 text-sm whitespace-pre-wrap break-words">
              {message.content}
            </blockquote>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-text`}>Text to redact</Label>
              <Input
                id={`${id}-text`}
                value={text}
                autoFocus
                autoComplete="off"
                onChange={(event) => {
                  setText(event.target.value);
                  setOccurrence('all');
                }}
              />
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {text === ''
                  ? 'Not typed yet.'
                  : found === 1
                    ? 'Found once.'
                    : found === 0
                      ? 'Not in this message.'
                      : `Found ${found} times.`}
              </p>
            </div>
            {found > 1 && (
              <div className="grid gap-2">
                <Label htmlFor={`${id}-occurrence`}>Which occurrence</Label>
                <select
                  id={`${id}-occurrence`}
                  className={selectClass}
                  value={occurrence}
                  onChange={(event) => setOccurrence(event.target.value)}
                >
                  <option value="all">Every occurrence ({found})</option>
                  {Array.from({ length: found }, (_, i) => (
                    <option key={i} value={String(i + 1)}>
                      Only the {nth(i + 1)}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </>
        )}
        {kind === 'text-everywhere' && (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-everywhere`}>Word or name to redact everywhere</Label>
            <Input
              id={`${id}-everywhere`}
              value={text}
              autoFocus={target.kind === 'text-everywhere'}
              autoComplete="off"
              maxLength={200}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
        )}
        {kind === 'phone-number' && (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-number`}>Phone number</Label>
            <Input
              id={`${id}-number`}
              value={number}
              autoFocus
              inputMode="tel"
              list={`${id}-numbers`}
              placeholder="+1 555 010 4477"
              onChange={(event) => setNumber(event.target.value)}
            />
            <datalist id={`${id}-numbers`}>
              {phoneNumbers.map((known) => (
                <option key={known} value={known} />
              ))}
            </datalist>
          </div>
        )}
        {replaces && (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-replace`}>Shown on the box instead of the reason (optional)</Label>
            <Input
              id={`${id}-replace`}
              value={replaceWith}
              maxLength={40}
              autoComplete="off"
              aria-describedby={`${id}-replace-hint`}
              onChange={(event) => setReplaceWith(event.target.value)}
            />
            <p id={`${id}-replace-hint`} className="text-sm text-muted-foreground">
              A minor’s initials (“E.M.”, Fed. R. Civ. P. 5.2(a)(3)) or a pseudonym (“Respondent”). The log
              records it.
            </p>
          </div>
        )}
        <div className="grid gap-2">
          <Label htmlFor={`${id}-reason`}>Reason</Label>
          <select
            id={`${id}-reason`}
            className={selectClass}
            value={category}
            autoFocus={kind === 'message' || kind === 'attachment'}
            aria-required
            onChange={(event) => setCategory(event.target.value as RedactionCategory)}
          >
            <option value="" disabled>
              Choose why it is removed
            </option>
            {CATEGORIES.map(([value, reason]) => (
              <option key={value} value={value}>
                {reason.label} — {reason.description}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-note`}>
            {category === 'other' ? 'Note (required: what it is)' : 'Note (optional)'}
          </Label>
          <Input
            id={`${id}-note`}
            value={note}
            maxLength={200}
            aria-required={category === 'other'}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        {error && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Add redaction</Button>
        </div>
      </form>
    </Dialog>
  );
}
