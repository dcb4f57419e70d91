/** Unsent form text, kept per signed-in user so a failed or interrupted save loses nothing. */
import { useCallback, useState } from 'react';
import { draftKey, readItem, removeItem, writeItem } from './app-storage';

export function useDraft(userId: string, name: string): [string, (text: string) => void, () => void] {
  const key = draftKey(userId, name);
  const [text, setText] = useState(() => readItem(key) ?? '');

  const update = useCallback(
    (next: string) => {
      setText(next);
      if (next === '') removeItem(key);
      else writeItem(key, next);
    },
    [key],
  );
  const clear = useCallback(() => update(''), [update]);
  return [text, update, clear];
}
