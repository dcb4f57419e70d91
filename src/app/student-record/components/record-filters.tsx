/** Narrow a student's record to a course and a lesson; each choice says how many entries it holds. Applied at once, in the URL. */
import { SelectField } from '../../../components/form-field';
import type { RosterNames } from '../../../components/roster-fields';
import type { FilterChoice, RecordFilters } from '../record-model';

export function RecordFiltersForm({
  filters,
  choices,
  names,
  total,
  onChange,
}: {
  readonly filters: RecordFilters;
  readonly choices: { readonly courses: readonly FilterChoice[]; readonly lessons: readonly FilterChoice[] };
  readonly names: RosterNames;
  readonly total: number;
  readonly onChange: (next: RecordFilters) => void;
}) {
  const label = (map: ReadonlyMap<string, string>, choice: FilterChoice) =>
    `${map.get(choice.id) ?? choice.id} (${choice.count})`;
  return (
    <form className="form record-filters" aria-label="Filter the record" onSubmit={(event) => event.preventDefault()}>
      <SelectField
        id="record-course"
        label="Course"
        value={filters.courseId ?? ''}
        emptyLabel={`All courses (${total})`}
        options={choices.courses.map((choice) => ({ value: choice.id, label: label(names.courses, choice) }))}
        // A lesson belongs to one course: a new course drops the lesson.
        onChange={(courseId) => onChange({ courseId: courseId || undefined })}
      />
      <SelectField
        id="record-lesson"
        label="Lesson"
        value={filters.lessonId ?? ''}
        emptyLabel="All lessons"
        options={choices.lessons.map((choice) => ({ value: choice.id, label: label(names.lessons, choice) }))}
        onChange={(lessonId) => onChange({ courseId: filters.courseId, lessonId: lessonId || undefined })}
      />
    </form>
  );
}
