/**
 * The text of a comment or a note, with the trainer's own earlier words
 * offered as they type (lib/text/suggestions.ts over lib/api/own-words-queries.ts)
 * and their pinned phrases first; a pin button and the list of pins below.
 * Suggestions are a help: until the trainer first focuses the field (the
 * lists are read then, not with the page), while they load, or if they
 * cannot be read, the field is a plain text area.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { pinnedPhraseLimits } from '../../contract/pinned-phrases';
import type { Roster } from '../../contract/roster';
import { describeError } from '../lib/api/describe-error';
import { ownWordsQueries } from '../lib/api/own-words-queries';
import { usePinnedPhrases } from '../lib/api/pinned-phrase-queries';
import { buildSuggestionIndex, insertSuggestion, type Suggestion, suggest } from '../lib/text/suggestions';
import type { RosterValues } from './roster-fields';
import { type Offered, SuggestingTextArea } from './suggesting-text-area';
import './own-words-field.css';

interface OwnWordsFieldProps {
  readonly id: string;
  readonly label: string;
  readonly required?: boolean;
  readonly rows?: number;
  readonly maxLength?: number;
  readonly value: string;
  readonly error?: string | undefined;
  readonly onChange: (value: string) => void;
  /** The signed-in person: only their own words are offered. */
  readonly userId: string;
  readonly roster: Roster | null;
  /** The form's choices: those of the chosen lesson, then of its course, come first. */
  readonly values: RosterValues;
}

function contextOf(roster: Roster | null, values: RosterValues) {
  const chosenClass = roster?.classes.find((c) => c.classId === values.classId);
  const lessonClass = roster?.classes.find((c) => c.lessons.some((l) => l.lessonId === values.lessonId));
  return { lessonId: values.lessonId, courseId: values.courseId ?? chosenClass?.courseId ?? lessonClass?.courseId };
}

function detailOf(suggestion: Suggestion): string {
  const parts = [
    suggestion.pinned ? 'pinned' : '',
    suggestion.uses > 1 ? `used ${suggestion.uses} times` : '',
    suggestion.context === 'lesson' ? 'this lesson' : suggestion.context === 'course' ? 'this course' : '',
  ];
  return parts.filter(Boolean).join(', ');
}

export function OwnWordsField({ userId, roster, values, ...field }: OwnWordsFieldProps) {
  // Read once the trainer starts writing (or has a draft): a page that only shows a form costs no list reads.
  const [writing, setWriting] = useState(field.value !== '');
  const ownWords = useQuery({ ...ownWordsQueries.of(userId), enabled: writing });
  const pins = usePinnedPhrases(userId, writing);
  const [pinMessage, setPinMessage] = useState<{ message: string; tone: 'info' | 'error' }>({
    message: '',
    tone: 'info',
  });
  const index = useMemo(() => buildSuggestionIndex(ownWords.data ?? [], pins.phrases), [ownWords.data, pins.phrases]);
  const { lessonId, courseId } = contextOf(roster, values);
  const offered = useMemo(
    (): Offered[] =>
      suggest(index, field.value, { lessonId, courseId }).map((s) => ({
        key: s.key,
        text: s.text,
        detail: detailOf(s),
      })),
    [index, field.value, lessonId, courseId],
  );
  const toPin = field.value.trim();
  const pinned = pins.phrases.includes(toPin);

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      setPinMessage({ message: done, tone: 'info' });
    } catch (error) {
      const { title, detail } = describeError(error, 'your pinned phrases');
      setPinMessage({ message: `Your pinned phrases were not changed. ${title}. ${detail}`, tone: 'error' });
    }
  };

  const pinProblem =
    toPin === ''
      ? ''
      : toPin.length > pinnedPhraseLimits.phrase
        ? `A pinned phrase holds at most ${pinnedPhraseLimits.phrase} characters.`
        : pins.full && !pinned
          ? `You have ${pinnedPhraseLimits.count} pinned phrases, the most kept: unpin one first.`
          : '';

  return (
    <SuggestingTextArea
      {...field}
      offered={offered}
      insert={(text, chosen) => insertSuggestion(text, chosen.text)}
      listLabel="Your earlier words"
      onFocus={() => setWriting(true)}
      countMessage={(n) => `${n} ${n === 1 ? 'suggestion' : 'suggestions'} from your earlier words`}
    >
      <div className="pins">
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={toPin === '' || pinned || pinProblem !== '' || pins.saving || !pins.loaded}
          onClick={() => run(() => pins.pin(toPin), 'Pinned: it is offered first as you type.')}
        >
          {pinned ? 'Pinned' : 'Pin this text'}
        </button>
        {pinProblem ? <p className="field-hint">{pinProblem}</p> : null}
        {pins.phrases.length > 0 ? (
          <details className="pins-list">
            <summary>Pinned phrases ({pins.phrases.length})</summary>
            <ul>
              {pins.phrases.map((phrase) => (
                <li key={phrase}>
                  <span className="pins-phrase">{phrase}</span>
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    aria-label={`Unpin “${phrase}”`}
                    disabled={pins.saving}
                    onClick={() => run(() => pins.unpin(phrase), 'Unpinned.')}
                  >
                    Unpin
                  </button>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        {pins.kept === 'device' ? (
          <p className="field-hint">Pinned phrases are kept on this device only: this platform does not keep them.</p>
        ) : null}
        {/* Not a status role: the form's own status line is the one its save is read from. */}
        <p className={pinMessage.tone === 'error' ? 'field-error' : 'field-hint'} aria-live="polite">
          {pinMessage.message}
        </p>
      </div>
    </SuggestingTextArea>
  );
}
