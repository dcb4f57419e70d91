/** The search's filters; applied to the URL on submit, so the whole search can be shared and reloaded. */
import { type FormEvent, useId, useState } from 'react';
import type { Roster } from '../../../../contract/roster';
import type { SearchFilters } from '../../../../contract/search';
import { FilterActions } from '../../../components/filter-actions';
import { SelectField } from '../../../components/form-field';
import { RosterFields, type RosterValues } from '../../../components/roster-fields';

const rosterKeys = ['classId', 'studentId', 'courseId', 'lessonId'] as const;

export const kindNames: ReadonlyMap<string, string> = new Map([
  ['comment', 'Comments'],
  ['note', 'Notes'],
]);
export const authorNames: ReadonlyMap<string, string> = new Map([
  ['me', 'You'],
  ['others', 'Others'],
]);

export function SearchFiltersForm({
  roster,
  filters,
  onApply,
}: {
  readonly roster: Roster | null;
  readonly filters: SearchFilters;
  readonly onApply: (filters: SearchFilters) => void;
}) {
  const [values, setValues] = useState<SearchFilters>(filters);
  const [dayError, setDayError] = useState<string>();
  const id = useId();
  const set = (next: Partial<SearchFilters>) => setValues((current) => ({ ...current, ...next }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (values.from && values.to && values.from > values.to) {
      setDayError('The first day is after the last day: choose a first day on or before it.');
      return;
    }
    setDayError(undefined);
    onApply(values);
  };
  const rosterValues: RosterValues = Object.fromEntries(rosterKeys.map((key) => [key, values[key]]));
  return (
    <form className="form filters" onSubmit={submit} aria-label="Filter the search">
      <RosterFields
        roster={roster}
        fields={rosterKeys}
        values={rosterValues}
        onChange={(next) => set(Object.fromEntries(rosterKeys.map((key) => [key, next[key]])))}
        mode="filter"
        idPrefix="search-filter"
      />
      <SelectField
        id={`${id}-kind`}
        label="Kind"
        value={values.kind ?? ''}
        emptyLabel="Comments and notes"
        options={[...kindNames].map(([value, label]) => ({ value, label }))}
        onChange={(kind) => set({ kind: kind === 'comment' || kind === 'note' ? kind : undefined })}
      />
      <SelectField
        id={`${id}-author`}
        label="Written by"
        value={values.author ?? ''}
        emptyLabel="Anyone"
        options={[...authorNames].map(([value, label]) => ({ value, label }))}
        onChange={(author) => set({ author: author === 'me' || author === 'others' ? author : undefined })}
      />
      <fieldset className="search-days">
        <legend>Written between</legend>
        <div className="field">
          <label htmlFor={`${id}-from`}>First day</label>
          <input
            id={`${id}-from`}
            type="date"
            value={values.from ?? ''}
            aria-invalid={dayError ? true : undefined}
            aria-describedby={dayError ? `${id}-days-error` : undefined}
            onChange={(event) => set({ from: event.target.value || undefined })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>Last day</label>
          <input
            id={`${id}-to`}
            type="date"
            value={values.to ?? ''}
            onChange={(event) => set({ to: event.target.value || undefined })}
          />
        </div>
        {dayError ? (
          <p id={`${id}-days-error`} className="field-error" role="alert">
            {dayError}
          </p>
        ) : null}
      </fieldset>
      <FilterActions
        onClear={() => {
          setValues({});
          setDayError(undefined);
          onApply({});
        }}
      />
    </form>
  );
}
