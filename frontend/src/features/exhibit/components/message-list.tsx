import type { ExhibitMessage } from '@chatexhibit/proto/exhibit-api';
import { messageNumber } from '@chatexhibit/proto/message-number';
import { format, parseISO } from 'date-fns';
import { Check, Highlighter, Paperclip } from 'lucide-react';
import { type KeyboardEvent, type MouseEvent, useEffect, useId, useRef } from 'react';
import { cn } from '../../../lib/utils';

/** Where a text selection inside one message's text lies: the message and offsets into its content. */
export interface TextSelection {
  message: number;
  start: number;
  end: number;
}

interface MessageListProps {
  messages: readonly ExhibitMessage[];
  totalMessages: number;
  selected: ReadonlySet<number>;
  highlighted: ReadonlySet<number>;
  /** The message the keyboard is on. */
  active: number | null;
  onActiveChange(number: number): void;
  /** Toggle one message; with `extendFrom`, select every shown message from it to `number`. */
  onSelect(number: number, extendFrom: boolean): void;
  /** The browser's text selection inside a message's text changed (null: none, or across messages). */
  onTextSelection(selection: TextSelection | null): void;
}

/** The offsets of the browser's selection inside `element`'s text, or null when it is not all inside. */
function selectionOffsets(element: HTMLElement): { start: number; end: number } | null {
  const selection = element.ownerDocument.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  if (!element.contains(range.startContainer) || !element.contains(range.endContainer)) return null;
  const before = element.ownerDocument.createRange();
  before.selectNodeContents(element);
  before.setEnd(range.startContainer, range.startOffset);
  const start = before.toString().length;
  return { start, end: start + range.toString().length };
}

/**
 * The export's messages as a multi-select listbox, numbered as the transcript numbers them. The
 * list holds the focus and names the message the keyboard is on (aria-activedescendant): arrows
 * move, Space toggles, Shift+arrows extend the selection, Home and End jump; a click toggles a
 * message and a shift-click selects the run from the last one clicked (never text across the
 * messages). Dragging over a message's text selects text for a redaction, not the message.
 */
export function MessageList({
  messages,
  totalMessages,
  selected,
  highlighted,
  active,
  onActiveChange,
  onSelect,
  onTextSelection,
}: MessageListProps) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const optionId = (number: number) => `${id}-message-${number}`;
  const activeIndex = messages.findIndex((message) => message.number === active);

  useEffect(() => {
    if (active === null) return;
    list.current?.ownerDocument.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
    // optionId is derived from the stable id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const document = element.ownerDocument;
    const changed = () => {
      const selection = document.getSelection();
      const anchor = selection?.anchorNode;
      const text =
        anchor && element.contains(anchor)
          ? (anchor instanceof Element ? anchor : anchor.parentElement)?.closest<HTMLElement>(
              '[data-content-of]',
            )
          : null;
      const offsets = text ? selectionOffsets(text) : null;
      onTextSelection(text && offsets ? { message: Number(text.dataset.contentOf), ...offsets } : null);
    };
    document.addEventListener('selectionchange', changed);
    return () => document.removeEventListener('selectionchange', changed);
  }, [onTextSelection]);

  const move = (event: KeyboardEvent, to: number) => {
    event.preventDefault();
    const target = messages[Math.max(0, Math.min(messages.length - 1, to))];
    if (!target) return;
    if (event.shiftKey) {
      if (active !== null && !selected.has(active)) onSelect(active, false);
      if (!selected.has(target.number)) onSelect(target.number, false);
    }
    onActiveChange(target.number);
  };

  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = activeIndex === -1 ? -1 : activeIndex;
    switch (event.key) {
      case 'ArrowDown':
        move(event, at + 1);
        break;
      case 'ArrowUp':
        move(event, at === -1 ? 0 : at - 1);
        break;
      case 'Home':
        move(event, 0);
        break;
      case 'End':
        move(event, messages.length - 1);
        break;
      case ' ':
        event.preventDefault();
        if (active !== null) onSelect(active, event.shiftKey);
        break;
    }
  };

  // A press that focuses the list is on the message it chooses: focus must not first move the
  // list to the first message, which scrolls another message under the pointer and loses the click.
  const focusByPointer = useRef(false);

  const press = (event: MouseEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    focusByPointer.current = element.ownerDocument.activeElement !== element;
    if (!event.shiftKey) return;
    // Shift extends the browser's text selection across the messages: here it selects a run of
    // messages instead, so the text is left alone and the list takes the focus itself.
    event.preventDefault();
    element.ownerDocument.getSelection()?.removeAllRanges();
    element.focus({ preventScroll: true });
  };

  const click = (event: MouseEvent, number: number) => {
    // A drag over the text selected some of it: that is for redacting, not for choosing messages.
    if (!(event.currentTarget.ownerDocument.getSelection()?.isCollapsed ?? true)) return;
    onSelect(number, event.shiftKey);
    onActiveChange(number);
  };

  return (
    <div
      ref={list}
      role="listbox"
      aria-multiselectable="true"
      aria-label="Messages of the transcript"
      aria-activedescendant={active !== null && activeIndex !== -1 ? optionId(active) : undefined}
      tabIndex={0}
      onKeyDown={keyDown}
      onMouseDown={press}
      onFocus={() => {
        const byPointer = focusByPointer.current;
        focusByPointer.current = false;
        if (!byPointer && (active === null || activeIndex === -1) && messages[0])
          onActiveChange(messages[0].number);
      }}
      className="max-h-[32rem] overflow-auto rounded-lg border border-border bg-background focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
    >
      {messages.map((message) => {
        const isSelected = selected.has(message.number);
        const isHighlighted = highlighted.has(message.number);
        return (
          <div
            key={message.number}
            id={optionId(message.number)}
            role="option"
            aria-selected={isSelected}
            onClick={(event) => click(event, message.number)}
            className={cn(
              'grid cursor-pointer grid-cols-[auto_1fr] gap-x-3 border-b border-border px-3 py-2 text-sm last:border-b-0',
              // Not by colour alone: a checked box and a stripe in the primary colour (over 3:1
              // against the list's background) besides the tint.
              isSelected && 'bg-primary-soft shadow-[inset_4px_0_0_var(--color-primary)]',
              isHighlighted && 'border-l-4 border-l-amber-500 bg-amber-50',
              message.number === active && 'outline-2 -outline-offset-2 outline-primary',
            )}
          >
            <span className="flex items-start gap-2 font-mono text-xs text-muted-foreground tabular-nums">
              <span
                aria-hidden="true"
                data-testid="selection-mark"
                className={cn(
                  'mt-px inline-flex size-4 shrink-0 items-center justify-center rounded-sm border-2',
                  isSelected
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'border-muted-foreground',
                )}
              >
                {isSelected && <Check className="size-3" strokeWidth={3} />}
              </span>
              {messageNumber(message.number, totalMessages)}
            </span>
            <div className="min-w-0">
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="text-xs text-muted-foreground tabular-nums">
                  {format(
                    parseISO(message.timestamp),
                    message.secondsRecorded ? 'd MMM yyyy, HH:mm:ss' : 'd MMM yyyy, HH:mm',
                  )}
                </span>
                <span className="font-semibold break-words">{message.sender ?? 'System event'}</span>
                {isSelected && <span className="sr-only">, selected</span>}
                {isHighlighted && (
                  <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-800">
                    <Highlighter className="size-3" aria-hidden="true" />
                    Highlighted
                  </span>
                )}
              </p>
              <p
                data-content-of={message.number}
                className={cn(
                  'whitespace-pre-wrap break-words',
                  !message.sender && 'italic text-muted-foreground',
                )}
              >
                {message.content}
              </p>
              {message.attachment && (
                <p className="flex items-center gap-1 text-xs text-muted-foreground break-all">
                  <Paperclip className="size-3 shrink-0" aria-hidden="true" />
                  {message.attachment}
                </p>
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}
