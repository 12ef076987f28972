import { countOf } from '@chatexhibit/proto/count-words';
import type { ExhibitMessage, ExhibitResponse } from '@chatexhibit/proto/exhibit-api';
import { type ExhibitDraft, PhoneNumberSchema, type Redaction } from '@chatexhibit/proto/exhibit-spec';
import { messageNumber } from '@chatexhibit/proto/message-number';
import { Eraser, Highlighter, Phone, Replace, TextCursorInput } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useSavedExhibitDraft } from '../api/exhibit-draft';
import { useExhibitMessages } from '../api/exhibit-messages';
import { useMakeExhibit } from '../api/make-exhibit';
import { draftStatusText, useDraftAutosave } from '../hooks/use-draft-autosave';
import {
  choicesOf,
  decisionsOf,
  draftOf,
  type ExhibitSettings,
  filterMessages,
  redactionText,
  sameRedaction,
  specOf,
  suggestionsIn,
  type MessageSuggestion,
} from '../exhibit-draft';
import { plainRefusal } from '../exhibit-refusal';
import { ExhibitFiles } from './exhibit-files';
import { ExhibitSettingsForm } from './exhibit-settings-form';
import { MessageList, type TextSelection } from './message-list';
import { RedactionDialog, type RedactionTarget } from './redaction-dialog';
import { RedactionList, RedactionSuggestions } from './redaction-suggestions';
import { occurrenceAt } from '@chatexhibit/proto/text-range';

/** A participant the chat names by a phone number (an unsaved contact), as the number. */
const asPhoneNumber = (participant: string): string | null => {
  const written = participant.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return PhoneNumberSchema.safeParse(written).success ? written : null;
};

/**
 * The preview's Exhibit mode (issue 23): an export's messages as its transcript numbers them, to
 * select (click, shift-click, keyboard, a date range and a search to narrow them), highlight and
 * redact (selected text, typed text, a whole message, an attachment, a phone number everywhere,
 * each with its reason, and the Rule 5.2(a) suggestions to accept or reject); then the exhibit's
 * label, Bates numbering and court profile, and 'Make exhibit': its files behind signed links.
 * What the filer chose is a draft saved on the server as it changes (issue "Nothing private
 * reaches a public docket", item 10), brought back when the mode opens again after a reload.
 */
export function ExhibitMode({ exportId }: { exportId: string }) {
  // The draft saved on the server (kept with the export, never in the browser) is brought back first.
  const saved = useSavedExhibitDraft(exportId);
  if (saved.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading your exhibit draft…
      </p>
    );
  if (saved.isError)
    return (
      <p role="alert" className="text-sm font-medium text-destructive">
        Your exhibit draft could not be loaded: {saved.error.message}
      </p>
    );
  return <ExhibitEditor exportId={exportId} saved={saved.data.draft} />;
}

function ExhibitEditor({ exportId, saved }: { exportId: string; saved: ExhibitDraft | null }) {
  const id = useId();
  const [restored] = useState(() => choicesOf(saved));
  const pages = useExhibitMessages(exportId);
  const first = pages.data?.pages[0];
  const messages = useMemo<ExhibitMessage[]>(
    () => pages.data?.pages.flatMap((page) => page.messages) ?? [],
    [pages.data],
  );
  const totalMessages = first?.totalMessages ?? 0;
  const [selected, setSelected] = useState<ReadonlySet<number>>(restored.selected);
  const [highlighted, setHighlighted] = useState<ReadonlySet<number>>(restored.highlighted);
  const [redactions, setRedactions] = useState<readonly Redaction[]>(restored.redactions);
  const [decisions, setDecisions] = useState<ReadonlyMap<string, 'accepted' | 'rejected'>>(
    restored.decisions,
  );
  const [settings, setSettings] = useState<ExhibitSettings>(restored.settings);
  const draft = useMemo(
    () => draftOf({ selected, highlighted, redactions, decisions, settings }),
    [selected, highlighted, redactions, decisions, settings],
  );
  const draftStatus = useDraftAutosave(exportId, draft, saved);
  const [active, setActive] = useState<number | null>(null);
  const [anchor, setAnchor] = useState<number | null>(null);
  const [filters, setFilters] = useState({ fromDay: '', toDay: '', search: '' });
  const [textSelection, setTextSelection] = useState<TextSelection | null>(null);
  const [dialog, setDialog] = useState<RedactionTarget | null>(null);
  const [exhibit, setExhibit] = useState<ExhibitResponse | null>(null);
  const make = useMakeExhibit({ onSuccess: setExhibit, onMutate: () => setExhibit(null) });

  const shown = useMemo(() => filterMessages(messages, filters), [messages, filters]);
  const byNumber = useMemo(() => new Map(messages.map((message) => [message.number, message])), [messages]);
  const activeMessage = active === null ? null : (byNumber.get(active) ?? null);
  const selectedMessages = useMemo(
    () => messages.filter((message) => selected.has(message.number)),
    [messages, selected],
  );
  const suggestions = useMemo(() => suggestionsIn(selectedMessages), [selectedMessages]);
  const shownDecisions = useMemo(
    () => decisionsOf(suggestions, decisions, redactions),
    [suggestions, decisions, redactions],
  );
  const phoneNumbers = useMemo(
    () => (first?.participants ?? []).flatMap((participant) => asPhoneNumber(participant) ?? []),
    [first],
  );
  const number = (n: number) => messageNumber(n, totalMessages);

  const select = (target: number, extend: boolean) => {
    if (extend && anchor !== null) {
      const from = shown.findIndex((message) => message.number === anchor);
      const to = shown.findIndex((message) => message.number === target);
      if (from !== -1 && to !== -1) {
        const run = shown.slice(Math.min(from, to), Math.max(from, to) + 1).map((message) => message.number);
        setSelected((current) => new Set([...current, ...run]));
        return;
      }
    }
    setAnchor(target);
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(target)) next.delete(target);
      else next.add(target);
      return next;
    });
    // A highlight is of a message in the exhibit: one taken out loses it.
    setHighlighted((current) => {
      if (!current.has(target) || !selected.has(target)) return current;
      const next = new Set(current);
      next.delete(target);
      return next;
    });
  };

  const addRedaction = (redaction: Redaction) =>
    setRedactions((current) =>
      current.some((other) => sameRedaction(other, redaction)) ? current : [...current, redaction],
    );

  const decide = (suggestion: MessageSuggestion, decision: 'accepted' | 'rejected') => {
    setDecisions((current) => new Map(current).set(suggestion.key, decision));
    if (decision === 'accepted') addRedaction(suggestion.redaction);
    else setRedactions((current) => current.filter((other) => !sameRedaction(other, suggestion.redaction)));
  };

  const allHighlighted = selected.size > 0 && [...selected].every((n) => highlighted.has(n));
  const toggleHighlight = () =>
    setHighlighted((current) => {
      const next = new Set(current);
      for (const n of selected) {
        if (allHighlighted) next.delete(n);
        else next.add(n);
      }
      return next;
    });

  const onTextSelection = useCallback((selection: TextSelection | null) => setTextSelection(selection), []);
  const openTextRedaction = () => {
    if (textSelection) {
      const message = byNumber.get(textSelection.message) ?? null;
      const text = message?.content.slice(textSelection.start, textSelection.end) ?? '';
      setDialog({
        kind: 'text',
        message,
        text,
        occurrence: message
          ? (occurrenceAt(message.content, text, textSelection.start) ?? undefined)
          : undefined,
      });
    } else setDialog({ kind: 'text', message: activeMessage });
  };
  const redactTextLabel = textSelection
    ? `Redact the selected text of ${number(textSelection.message)}…`
    : activeMessage
      ? `Redact text of ${number(activeMessage.number)}…`
      : 'Redact text…';

  if (pages.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading the transcript’s messages…
      </p>
    );
  if (pages.isError)
    return (
      <p role="alert" className="text-sm font-medium text-destructive">
        The messages could not be loaded: {pages.error.message}
      </p>
    );

  return (
    <div className="grid min-w-0 gap-4">
      <p className="text-sm text-muted-foreground">
        Choose the messages to file. Click a message to select it, shift-click to select a run; in the list,
        arrow keys move, Space selects, Shift+arrows extend. Numbers and times are the transcript’s.
      </p>
      <fieldset className="grid gap-3">
        <legend className="sr-only">Narrow the list</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid min-w-0 gap-2">
            <Label htmlFor={`${id}-from`}>From day</Label>
            <Input
              id={`${id}-from`}
              type="date"
              value={filters.fromDay}
              onChange={(event) => setFilters((current) => ({ ...current, fromDay: event.target.value }))}
            />
          </div>
          <div className="grid min-w-0 gap-2">
            <Label htmlFor={`${id}-to`}>To day</Label>
            <Input
              id={`${id}-to`}
              type="date"
              value={filters.toDay}
              onChange={(event) => setFilters((current) => ({ ...current, toDay: event.target.value }))}
            />
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-search`}>Search the messages</Label>
          <Input
            id={`${id}-search`}
            type="search"
            value={filters.search}
            placeholder="Words, a sender, a file name"
            onChange={(event) => setFilters((current) => ({ ...current, search: event.target.value }))}
          />
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={shown.length === 0}
          onClick={() =>
            setSelected((current) => new Set([...current, ...shown.map((message) => message.number)]))
          }
        >
          Select the {countOf(shown.length, 'shown message', 'shown messages')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={selected.size === 0}
          onClick={() => {
            setSelected(new Set());
            setHighlighted(new Set());
          }}
        >
          Clear the selection
        </Button>
      </div>
      <p
        role="status"
        aria-live="polite"
        className="text-sm font-medium"
        data-testid="exhibit-selection-count"
      >
        {countOf(selected.size, 'message', 'messages')} selected
        {highlighted.size > 0 && `, ${countOf(highlighted.size, 'highlighted', 'highlighted')}`}; showing{' '}
        {countOf(shown.length, 'message', 'messages')} of {countOf(messages.length, 'loaded', 'loaded')} (the
        transcript has {countOf(totalMessages, 'message', 'messages')})
      </p>
      <MessageList
        messages={shown}
        totalMessages={totalMessages}
        selected={selected}
        highlighted={highlighted}
        active={active}
        onActiveChange={setActive}
        onSelect={select}
        onTextSelection={onTextSelection}
      />
      {pages.hasNextPage && (
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {pages.isFetchingNextPage ? 'Loading…' : 'Load more messages'}
        </Button>
      )}
      <div className="grid gap-2" role="group" aria-label="Highlight and redact">
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={selected.size === 0}
            aria-pressed={allHighlighted}
            onClick={toggleHighlight}
          >
            <Highlighter aria-hidden="true" />
            {allHighlighted ? 'Remove the highlight' : 'Highlight the selected'}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={!textSelection && !activeMessage}
            // Keep the text selected in the message: a button press must not clear it.
            onMouseDown={(event) => event.preventDefault()}
            onClick={openTextRedaction}
          >
            <TextCursorInput aria-hidden="true" />
            {redactTextLabel}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={!activeMessage}
            onClick={() => setDialog({ kind: 'message', message: activeMessage })}
          >
            <Eraser aria-hidden="true" />
            {activeMessage ? `Redact all of ${number(activeMessage.number)}…` : 'Redact a whole message…'}
          </Button>
          {activeMessage?.attachment && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => setDialog({ kind: 'attachment', message: activeMessage })}
            >
              <Eraser aria-hidden="true" />
              Redact the attachment of {number(activeMessage.number)}…
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            onClick={() => setDialog({ kind: 'phone-number', message: null })}
          >
            <Phone aria-hidden="true" />
            Redact a phone number…
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setDialog({ kind: 'text-everywhere', message: null })}
          >
            <Replace aria-hidden="true" />
            Redact a name everywhere…
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          Select words in a message to redact them, or use “Redact text” on the message the list is on.
        </p>
      </div>
      <RedactionSuggestions
        suggestions={suggestions}
        decisions={shownDecisions}
        totalMessages={totalMessages}
        onDecide={decide}
      />
      <RedactionList
        redactions={redactions}
        describe={(redaction) => redactionText(redaction, totalMessages)}
        onRemove={(index) => setRedactions((current) => current.filter((_, at) => at !== index))}
      />
      <ExhibitSettingsForm
        initial={restored.settings}
        onChange={setSettings}
        specFor={(typed) => specOf(typed, { selected, highlighted, redactions })}
        totalMessages={totalMessages}
        refusal={
          make.error && make.variables
            ? plainRefusal(make.error.message, make.variables.spec, totalMessages)
            : null
        }
        making={make.isPending}
        onMake={(spec) => make.mutate({ exportId, spec })}
      />
      <p
        role="status"
        aria-live="polite"
        className="text-sm text-muted-foreground"
        data-testid="exhibit-draft-status"
      >
        {draftStatusText(draftStatus)}
      </p>
      <div aria-live="polite">{exhibit && <ExhibitFiles exhibit={exhibit} />}</div>
      {dialog && (
        <RedactionDialog
          target={dialog}
          totalMessages={totalMessages}
          phoneNumbers={phoneNumbers}
          onAdd={(redaction) => {
            addRedaction(redaction);
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
