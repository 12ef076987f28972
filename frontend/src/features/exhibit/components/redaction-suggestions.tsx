import type { Redaction } from '@chatexhibit/proto/exhibit-spec';
import { messageNumber } from '@chatexhibit/proto/message-number';
import { Check, X } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { type MessageSuggestion, reasonText } from '../exhibit-draft';

/** The two buttons of an undecided suggestion: what each decides, and what it does to the text. */
const DECISIONS = [
  { decision: 'accepted', label: 'Accept', Icon: Check },
  { decision: 'rejected', label: 'Reject', Icon: X },
] as const;

/**
 * The Rule 5.2(a) patterns found in the selected messages, each with Accept (adds its redaction)
 * and Reject (leaves the text): nothing is redacted because it was suggested. Until all are
 * decided the buttons are toggles that stay where they are, so the keyboard's place is never lost;
 * then each says its decision, with a button to change it (which the last decision focuses).
 */
export function RedactionSuggestions({
  suggestions,
  decisions,
  totalMessages,
  onDecide,
}: {
  suggestions: readonly MessageSuggestion[];
  decisions: ReadonlyMap<string, 'accepted' | 'rejected'>;
  totalMessages: number;
  onDecide(suggestion: MessageSuggestion, decision: 'accepted' | 'rejected'): void;
}) {
  const open = suggestions.filter((suggestion) => !decisions.has(suggestion.key)).length;
  const allDecided = open === 0;
  // The last decision replaces the pressed button: the focus goes to that suggestion's own change.
  const focusChangeOf = useRef<string | null>(null);
  const decideOpen = (suggestion: MessageSuggestion, decision: 'accepted' | 'rejected') => {
    if (open === 1 && !decisions.has(suggestion.key)) focusChangeOf.current = suggestion.key;
    onDecide(suggestion, decision);
  };
  return (
    <section aria-labelledby="exhibit-suggestions" className="grid gap-2">
      <h3 id="exhibit-suggestions" className="text-sm font-semibold">
        Suggested redactions (Fed. R. Civ. P. 5.2)
      </h3>
      {suggestions.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No numbers that look like an SSN or TIN, a card or account number, or a full date of birth in the
          selected messages.
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {allDecided ? 'All decided.' : `${open} to decide.`} Nothing is redacted until you accept it.
          </p>
          <ul className="grid gap-2">
            {suggestions.map((suggestion) => {
              const decision = decisions.get(suggestion.key);
              const what = `${suggestion.kind} “${suggestion.text}” in message ${messageNumber(suggestion.message, totalMessages)}`;
              // Accepting removes only what Rule 5.2(a) asks: all but the part a filing may show.
              const does = {
                accepted: `redact ${what} except its ${suggestion.keeps}`,
                rejected: `keep ${what}`,
              };
              return (
                <li
                  key={suggestion.key}
                  className="grid gap-2 rounded-md border border-border p-2 text-sm sm:grid-cols-[1fr_auto] sm:items-center"
                >
                  <span className="min-w-0 break-words">
                    <span className="font-mono text-xs text-muted-foreground">
                      {messageNumber(suggestion.message, totalMessages)}
                    </span>{' '}
                    {suggestion.kind}: <span className="font-mono">{suggestion.text}</span>{' '}
                    <span className="text-muted-foreground">
                      ({reasonText(suggestion.redaction.reason)}; accepting keeps its {suggestion.keeps})
                    </span>
                  </span>
                  {allDecided ? (
                    <span className="flex items-center gap-2">
                      <span className="font-medium">{decision === 'accepted' ? 'Accepted' : 'Rejected'}</span>
                      <Button
                        ref={(element) => {
                          if (element && focusChangeOf.current === suggestion.key) {
                            focusChangeOf.current = null;
                            element.focus();
                          }
                        }}
                        size="sm"
                        variant="outline"
                        aria-label={
                          decision === 'accepted'
                            ? `Reject instead: ${does.rejected}`
                            : `Accept instead: ${does.accepted}`
                        }
                        onClick={() =>
                          onDecide(suggestion, decision === 'accepted' ? 'rejected' : 'accepted')
                        }
                      >
                        {decision === 'accepted' ? 'Reject instead' : 'Accept instead'}
                      </Button>
                    </span>
                  ) : (
                    <span className="flex gap-2">
                      {DECISIONS.map(({ decision: choice, label, Icon }) => (
                        <Button
                          key={choice}
                          size="sm"
                          variant={decision === choice ? 'default' : 'outline'}
                          aria-pressed={decision === choice}
                          aria-label={`${label}: ${does[choice]}`}
                          onClick={() => decideOpen(suggestion, choice)}
                        >
                          <Icon aria-hidden="true" />
                          {label}
                        </Button>
                      ))}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

/** The redactions the exhibit will make, each with its reason and a way to take it back. */
export function RedactionList({
  redactions,
  describe,
  onRemove,
}: {
  redactions: readonly Redaction[];
  describe(redaction: Redaction): string;
  onRemove(index: number): void;
}) {
  return (
    <section aria-labelledby="exhibit-redactions" className="grid gap-2">
      <h3 id="exhibit-redactions" className="text-sm font-semibold" tabIndex={-1}>
        Redactions ({redactions.length})
      </h3>
      {redactions.length === 0 ? (
        <p className="text-sm text-muted-foreground">None yet.</p>
      ) : (
        <ul className="grid gap-2">
          {redactions.map((redaction, index) => (
            <li
              key={JSON.stringify(redaction)}
              className="grid gap-2 rounded-md border border-border p-2 text-sm sm:grid-cols-[1fr_auto] sm:items-center"
            >
              <span className="min-w-0 break-words">
                {describe(redaction)} —{' '}
                <span className="text-muted-foreground">{reasonText(redaction.reason)}</span>
              </span>
              <Button
                size="sm"
                variant="outline"
                aria-label={`Remove the redaction: ${describe(redaction)}`}
                onClick={() => onRemove(index)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
