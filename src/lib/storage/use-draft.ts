/**
 * Unsent form text, kept per signed-in user so a failed or interrupted save
 * loses nothing, with the ids it was being written about (class, student,
 * lesson), so a restored draft is saved about the same person, not whoever
 * the form would pick now. Ids only, never a name (the storage rule). Stored
 * as `{"text": …, "ids": {…}}`; a draft kept as bare text by an earlier
 * version is read as text with no ids.
 */
import { useCallback, useEffect, useState } from 'react';
import { draftKey, readItem, removeItem, writeItem } from './app-storage';

export type DraftIds = Readonly<Record<string, string>>;

export interface Draft {
  readonly text: string;
  readonly ids: DraftIds;
}

function parseDraft(raw: string | null): Draft | null {
  if (raw === null || raw === '') return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && 'text' in value && typeof value.text === 'string') {
      const ids: Record<string, string> = {};
      if ('ids' in value && value.ids && typeof value.ids === 'object') {
        for (const [key, id] of Object.entries(value.ids)) if (typeof id === 'string' && id) ids[key] = id;
      }
      return { text: value.text, ids };
    }
  } catch {
    // Bare text, kept before the ids were: below.
  }
  return { text: raw, ids: {} };
}

/** Only the ids that are set, so what is stored is what the form holds. */
function setIds(ids: Readonly<Record<string, string | undefined>>): DraftIds {
  return Object.fromEntries(Object.entries(ids).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

/** The kept draft of this form, if it has text; for a form to start from its ids. */
export function readDraft(userId: string, name: string): Draft | null {
  const draft = parseDraft(readItem(draftKey(userId, name)));
  return draft && draft.text !== '' ? draft : null;
}

/**
 * The draft's text, kept with `ids` (what the form has chosen now) while
 * there is text; emptied text removes the draft.
 */
export function useDraft(
  userId: string,
  name: string,
  ids: Readonly<Record<string, string | undefined>> = {},
): [string, (text: string) => void, () => void] {
  const key = draftKey(userId, name);
  const [text, setText] = useState(() => parseDraft(readItem(key))?.text ?? '');
  const chosen = JSON.stringify(setIds(ids));

  const save = useCallback(
    (next: string, withIds: string) => {
      if (next === '') removeItem(key);
      else writeItem(key, `{"text":${JSON.stringify(next)},"ids":${withIds}}`);
    },
    [key],
  );
  const update = useCallback(
    (next: string) => {
      setText(next);
      save(next, chosen);
    },
    [save, chosen],
  );
  // Another class, student or lesson chosen while there is text: the draft is about them now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the choices writes here; typing writes in `update`.
  useEffect(() => {
    if (text !== '') save(text, chosen);
  }, [chosen]);
  const clear = useCallback(() => {
    setText('');
    removeItem(key);
  }, [key]);
  return [text, update, clear];
}
