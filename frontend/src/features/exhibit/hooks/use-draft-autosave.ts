import type { ExhibitDraft } from '@chatexhibit/proto/exhibit-spec';
import { useEffect, useState } from 'react';
import { saveExhibitDraft } from '../api/exhibit-draft';

/** How long after the last change the draft is saved: typing a label saves once, not per key. */
export const DRAFT_SAVE_DELAY_MS = 800;

/** What the draft's status line says: nothing until there is something saved or to save. */
export type DraftStatus =
  { state: 'none' } | { state: 'saving' } | { state: 'saved' } | { state: 'failed'; sentence: string };

/** The draft's status line: nothing, 'Saving…', 'Draft saved' or 'Not saved: <the reason>'. */
export function draftStatusText(status: DraftStatus): string {
  switch (status.state) {
    case 'none':
      return '';
    case 'saving':
      return 'Saving…';
    case 'saved':
      return 'Draft saved';
    case 'failed':
      return `Not saved: ${status.sentence}`;
  }
}

/**
 * Saves `draft` on the server `delayMs` after it last changed (one save at a time; a change made
 * while one is under way is saved after it), and while a change is not saved yet asks the browser
 * to warn before the page is left. `saved` is the draft as the server has it already (null: none).
 * A failed save is tried again with the next change.
 */
export function useDraftAutosave(
  exportId: string,
  draft: ExhibitDraft,
  saved: ExhibitDraft | null,
  delayMs: number = DRAFT_SAVE_DELAY_MS,
): DraftStatus {
  const json = JSON.stringify(draft);
  const [savedJson, setSavedJson] = useState<string | null>(() => (saved ? JSON.stringify(saved) : null));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{ json: string; sentence: string } | null>(null);
  // Nothing saved and nothing chosen yet: the empty draft needs no saving.
  const [initialJson] = useState(json);
  const unsaved = json !== (savedJson ?? initialJson);
  const failed = failure !== null && failure.json === json;

  useEffect(() => {
    if (!unsaved || saving || failed) return;
    const timer = setTimeout(() => {
      setSaving(true);
      saveExhibitDraft(exportId, JSON.parse(json) as ExhibitDraft)
        .then(
          () => {
            setSavedJson(json);
            setFailure(null);
          },
          (error: Error) => setFailure({ json, sentence: error.message }),
        )
        .finally(() => setSaving(false));
    }, delayMs);
    return () => clearTimeout(timer);
  }, [exportId, json, unsaved, saving, failed, delayMs]);

  const pending = unsaved || saving;
  useEffect(() => {
    if (!pending) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the warning only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pending]);

  if (failed && !saving) return { state: 'failed', sentence: failure.sentence };
  if (pending) return { state: 'saving' };
  return savedJson === null ? { state: 'none' } : { state: 'saved' };
}
