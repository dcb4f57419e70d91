/** The comment filters; applied to the URL on submit so each view can be shared. */
import { type FormEvent, useState } from 'react';
import type { Roster } from '../../../../contract/roster';
import { FilterActions } from '../../../components/filter-actions';
import { RosterFields, type RosterValues } from '../../../components/roster-fields';

/** The filters in the order the form shows them. */
const fields = ['classId', 'studentId', 'courseId', 'lessonId'] as const;

interface CommentFiltersFormProps {
  readonly roster: Roster | null;
  readonly filters: RosterValues;
  readonly onApply: (filters: RosterValues) => void;
}

export function CommentFiltersForm({ roster, filters, onApply }: CommentFiltersFormProps) {
  const [values, setValues] = useState<RosterValues>(filters);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(values);
  };
  return (
    <form className="form filters" onSubmit={submit} aria-label="Filter comments">
      <RosterFields
        roster={roster}
        fields={fields}
        values={values}
        onChange={setValues}
        mode="filter"
        idPrefix="comment-filter"
      />
      <FilterActions
        onClear={() => {
          setValues({});
          onApply({});
        }}
      />
    </form>
  );
}
