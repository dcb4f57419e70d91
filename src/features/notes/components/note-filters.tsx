/** Note filters: categories and ids, applied to the URL on submit. */
import { type FormEvent, useState } from 'react';
import { type NoteCategory, noteCategories } from '../../../../contract/notes';
import type { Roster } from '../../../../contract/roster';
import { FilterActions } from '../../../components/filter-actions';
import { TextField } from '../../../components/form-field';
import { RosterFields, type RosterValues } from '../../../components/roster-fields';
import { defaultCategories } from '../api/note-queries';

export interface NoteFilterValues extends RosterValues {
  readonly userId?: string;
  readonly categories: readonly NoteCategory[];
}

/** The checkbox text of each kind (also the filter form's skeleton). */
export const categoryText: Record<NoteCategory, string> = {
  lesson: 'Lesson notes: a student in a lesson',
  course: 'Course notes: a student across a course',
  user: 'User notes: about a specific user',
};

interface NoteFiltersFormProps {
  readonly roster: Roster | null;
  readonly filters: NoteFilterValues;
  readonly onApply: (filters: NoteFilterValues) => void;
}

export function NoteFiltersForm({ roster, filters, onApply }: NoteFiltersFormProps) {
  const [values, setValues] = useState<NoteFilterValues>(filters);
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (values.categories.length === 0) {
      setError('Choose at least one kind of note.');
      return;
    }
    setError(undefined);
    onApply(values);
  };
  const toggle = (category: NoteCategory, on: boolean) =>
    setValues((current) => ({
      ...current,
      categories: noteCategories.filter((c) => (c === category ? on : current.categories.includes(c))),
    }));

  return (
    <form className="form filters" onSubmit={submit} aria-label="Filter notes" noValidate>
      <fieldset className="checkbox-group" aria-describedby={error ? 'note-filter-categories-error' : undefined}>
        <legend>Kinds of note</legend>
        {noteCategories.map((category) => (
          <label key={category} className="checkbox">
            <input
              type="checkbox"
              checked={values.categories.includes(category)}
              onChange={(event) => toggle(category, event.target.checked)}
            />
            {categoryText[category]}
          </label>
        ))}
        {error ? (
          <p className="field-error" id="note-filter-categories-error">
            {error}
          </p>
        ) : null}
      </fieldset>
      <RosterFields
        roster={roster}
        fields={['classId', 'studentId', 'courseId', 'lessonId']}
        values={values}
        onChange={(next) =>
          setValues((current) => ({ ...next, userId: current.userId, categories: current.categories }))
        }
        mode="filter"
        idPrefix="note-filter"
      />
      <TextField
        id="note-filter-userId"
        label="User ID"
        hint="Only notes about this user."
        value={values.userId ?? ''}
        onChange={(userId) => setValues((current) => ({ ...current, userId }))}
      />
      <FilterActions
        onClear={() => {
          const cleared = { categories: [...defaultCategories] };
          setValues(cleared);
          setError(undefined);
          onApply(cleared);
        }}
      />
    </form>
  );
}
