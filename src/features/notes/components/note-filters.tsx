/** Note filters: categories and ids, applied to the URL on submit. */
import { type FormEvent, useState } from 'react';
import type { z } from 'zod/mini';
import { type NoteCategory, noteCategories, type noteFiltersSchema } from '../../../../contract/notes';
import type { Roster } from '../../../../contract/roster';
import { FilterActions } from '../../../components/filter-actions';
import { SelectField, type SelectOption, TextField } from '../../../components/form-field';
import { RosterFields } from '../../../components/roster-fields';
import { byFoldedNames } from '../../../lib/text/folded-match';
import { defaultCategories } from '../api/note-queries';

/** The contract's note filters as the form holds them (the kinds as a list). */
type NoteFilterValues = z.output<typeof noteFiltersSchema>;

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

/** Everyone in the trainer's classes, once each, by name (a person may be a student of several classes). */
export function rosterPeople(roster: Roster | null): SelectOption[] {
  const people = new Map<string, SelectOption>();
  for (const c of roster?.classes ?? []) {
    for (const s of c.students) {
      if (!people.has(s.userId))
        people.set(s.userId, { value: s.userId, label: `${s.firstName} ${s.lastName} (${s.handle})` });
    }
  }
  return byFoldedNames(people.values(), (person) => [person.label]);
}

/** A person chosen: their user notes are theirs too, so that kind joins the ones ticked. */
function withPerson(values: NoteFilterValues, userId: string): NoteFilterValues {
  if (!userId) return { ...values, userId: undefined };
  const kinds = values.category ?? [];
  return {
    ...values,
    userId,
    category: kinds.includes('user') ? kinds : noteCategories.filter((c) => c === 'user' || kinds.includes(c)),
  };
}

export function NoteFiltersForm({ roster, filters, onApply }: NoteFiltersFormProps) {
  const [values, setValues] = useState<NoteFilterValues>(filters);
  const listed = rosterPeople(roster);
  // A person named in the URL but not in the roster stays chosen, without guessing a name.
  const people =
    values.userId && listed.length > 0 && !listed.some((p) => p.value === values.userId)
      ? [...listed, { value: values.userId, label: 'Someone not in your classes' }]
      : listed;
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.category?.length) {
      setError('Choose at least one kind of note.');
      return;
    }
    setError(undefined);
    onApply(values);
  };
  const toggle = (category: NoteCategory, on: boolean) =>
    setValues((current) => ({
      ...current,
      category: noteCategories.filter((c) => (c === category ? on : current.category?.includes(c))),
    }));

  return (
    <form className="form filters" onSubmit={submit} aria-label="Filter notes" noValidate>
      <fieldset className="checkbox-group" aria-describedby={error ? 'note-filter-categories-error' : undefined}>
        <legend>Kinds of note</legend>
        {noteCategories.map((category) => (
          <label key={category} className="checkbox">
            <input
              type="checkbox"
              checked={values.category?.includes(category) ?? false}
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
        // The person is chosen once, below: a Student filter beside it named the same human twice.
        fields={['classId', 'courseId', 'lessonId']}
        values={values}
        onChange={(next) => setValues((current) => ({ ...next, userId: current.userId, category: current.category }))}
        mode="filter"
        idPrefix="note-filter"
      />
      {people.length > 0 ? (
        <SelectField
          id="note-filter-userId"
          label="Person"
          hint="Every note about this person, in any class: choosing one ticks User notes too."
          options={people}
          emptyLabel="All people"
          value={values.userId ?? ''}
          onChange={(userId) => setValues((current) => withPerson(current, userId))}
        />
      ) : (
        // No roster to name people from (the platform has no class lists here): the id is all there is.
        <TextField
          id="note-filter-userId"
          label="User ID"
          hint="Only notes about this user."
          value={values.userId ?? ''}
          onChange={(userId) => setValues((current) => withPerson(current, userId))}
        />
      )}
      <FilterActions
        onClear={() => {
          const cleared = { category: [...defaultCategories] };
          setValues(cleared);
          setError(undefined);
          onApply(cleared);
        }}
      />
    </form>
  );
}
