/**
 * Class, student, course and lesson pickers. With a roster they are selects
 * that narrow each other (a class's students and lessons); without one (the
 * platform has no roster extension, the app may not read it, or the person
 * teaches no class) they are id text fields. Values are always ids.
 */
import type { Roster } from '../../contract/roster';
import { readDraft } from '../lib/storage/use-draft';
import { SelectField, type SelectOption, TextField } from './form-field';
import { pickedClasses, studentLabel } from './roster-choices';
import { StudentPicker } from './student-picker';

export type RosterKey = 'classId' | 'studentId' | 'courseId' | 'lessonId';
export type RosterValues = Partial<Record<RosterKey, string>>;

interface RosterFieldsProps {
  /** null: no roster to pick from, so ids are typed. */
  readonly roster: Roster | null;
  readonly fields: readonly RosterKey[];
  readonly values: RosterValues;
  readonly onChange: (next: RosterValues) => void;
  /** `filter`: empty means "all"; `form`: empty means "not chosen yet". */
  readonly mode: 'filter' | 'form';
  readonly idPrefix: string;
  readonly required?: Partial<Record<RosterKey, boolean>>;
  readonly errors?: Partial<Record<RosterKey, string | undefined>>;
}

interface FieldLabels {
  readonly one: string;
  /** Empty choice in a filter. */
  readonly all: string;
  /** Empty choice of a required form field. */
  readonly choose: string;
  /** Empty choice of an optional form field. */
  readonly none: string;
}

const labels: Record<RosterKey, FieldLabels> = {
  classId: { one: 'Class', all: 'All classes', choose: 'Choose a class', none: 'No particular class' },
  studentId: { one: 'Student', all: 'All students', choose: 'Choose a student', none: 'No particular student' },
  courseId: { one: 'Course', all: 'All courses', choose: 'Choose a course', none: 'No particular course' },
  lessonId: { one: 'Lesson', all: 'All lessons', choose: 'Choose a lesson', none: 'No particular lesson' },
};

function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const id = key(item);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** The choices each select offers, given what is picked so far. */
export function rosterOptions(roster: Roster, values: RosterValues): Record<RosterKey, SelectOption[]> {
  const inCourse = roster.classes.filter((c) => !values.courseId || c.courseId === values.courseId);
  const picked = pickedClasses(roster, values);
  const manyClasses = picked.length > 1;
  return {
    courseId: uniqueBy(roster.classes, (c) => c.courseId).map((c) => ({ value: c.courseId, label: c.courseName })),
    classId: inCourse.map((c) => ({ value: c.classId, label: `${c.className} (${c.courseName})` })),
    studentId: picked.flatMap((c) =>
      c.students.map((s) => ({
        value: s.studentId,
        label: studentLabel(s, c.className, manyClasses),
      })),
    ),
    lessonId: uniqueBy(
      picked.flatMap((c) => c.lessons),
      (l) => l.lessonId,
    ).map((l) => ({ value: l.lessonId, label: l.name })),
  };
}

/** Drops picks the other picks rule out (a student of another class, say). */
export function pruneRosterValues(roster: Roster, values: RosterValues, fields: readonly RosterKey[]): RosterValues {
  const next: RosterValues = { ...values };
  for (const key of ['courseId', 'classId', 'studentId', 'lessonId'] as const) {
    if (!fields.includes(key) || !next[key]) continue;
    if (!rosterOptions(roster, next)[key].some((option) => option.value === next[key])) delete next[key];
  }
  return next;
}

/**
 * Where a form starts: the class, student and lesson its kept draft was
 * written about, when the draft has them and this form can offer them;
 * else `defaults`, and `elsewhere` says the draft was about a choice this
 * form does not offer (another student's record, say), so the person checks.
 */
export function startingChoices(
  roster: Roster | null,
  fields: readonly RosterKey[],
  userId: string,
  draft: string,
  defaults: RosterValues,
): { values: RosterValues; elsewhere: boolean } {
  const ids = readDraft(userId, draft)?.ids;
  const kept: RosterValues = {};
  for (const key of fields) if (ids?.[key]) kept[key] = ids[key];
  if (Object.keys(kept).length === 0) return { values: defaults, elsewhere: false };
  if (roster === null || roster.classes.length === 0) return { values: kept, elsewhere: false };
  const offered = pruneRosterValues(roster, kept, fields);
  const fits = fields.every((key) => offered[key] === kept[key]);
  return fits ? { values: kept, elsewhere: false } : { values: defaults, elsewhere: true };
}

export function RosterFields({
  roster,
  fields,
  values,
  onChange,
  mode,
  idPrefix,
  required,
  errors,
}: RosterFieldsProps) {
  const useIds = roster === null || roster.classes.length === 0;
  const options = useIds ? undefined : rosterOptions(roster, values);
  const set = (key: RosterKey, value: string) => {
    const next = { ...values, [key]: value || undefined };
    // A student belongs to one class: picking the student picks the class too.
    if (key === 'studentId' && value && !next.classId && fields.includes('classId') && roster) {
      next.classId = roster.classes.find((c) => c.students.some((s) => s.studentId === value))?.classId;
    }
    onChange(roster && !useIds ? pruneRosterValues(roster, next, fields) : next);
  };

  return (
    <>
      {useIds ? (
        <p className="field-hint">
          {roster === null
            ? 'No class roster is available here to pick from: type the ids.'
            : 'You teach no classes here, so there is no roster to pick from: type the ids.'}
        </p>
      ) : null}
      {fields.map((key) => {
        const id = `${idPrefix}-${key}`;
        const label = labels[key];
        const common = {
          id,
          required: required?.[key],
          error: errors?.[key],
          value: values[key] ?? '',
          onChange: (value: string) => set(key, value),
        };
        if (!options) return <TextField key={key} label={`${label.one} ID`} {...common} />;
        // A form picks one student of many: typed and narrowed, not scrolled through (a filter keeps its select).
        if (key === 'studentId' && mode === 'form' && roster)
          return (
            <StudentPicker
              key={key}
              id={id}
              label={label.one}
              roster={roster}
              values={values}
              onChange={common.onChange}
              required={required?.[key]}
              error={errors?.[key]}
            />
          );
        return (
          <SelectField
            key={key}
            label={label.one}
            options={options[key]}
            emptyLabel={mode === 'filter' ? label.all : required?.[key] ? label.choose : label.none}
            {...common}
          />
        );
      })}
    </>
  );
}

const namesOf = new WeakMap<Roster, ReturnType<typeof buildNames>>();
const noNames = buildNames(null);

/**
 * A roster lookup for showing names next to ids in lists. The same roster
 * gives the same lookup, so a list's rows, memoized on it, are not rendered
 * again when the page is.
 */
export function rosterNames(roster: Roster | null | undefined) {
  if (!roster) return noNames;
  let names = namesOf.get(roster);
  if (!names) {
    names = buildNames(roster);
    namesOf.set(roster, names);
  }
  return names;
}

function buildNames(roster: Roster | null) {
  const classes = new Map<string, string>();
  const courses = new Map<string, string>();
  const lessons = new Map<string, string>();
  const students = new Map<string, string>();
  /** People by userId (one person may be several students). */
  const users = new Map<string, string>();
  for (const c of roster?.classes ?? []) {
    classes.set(c.classId, c.className);
    courses.set(c.courseId, c.courseName);
    for (const l of c.lessons) lessons.set(l.lessonId, l.name);
    for (const s of c.students) {
      students.set(s.studentId, `${s.firstName} ${s.lastName}`);
      users.set(s.userId, `${s.firstName} ${s.lastName}`);
    }
  }
  return { classes, courses, lessons, students, users };
}
export type RosterNames = ReturnType<typeof rosterNames>;

/** The class, student, course and lesson filters as chips (see filter-panel), in the order of the filter forms, named from the roster where it can. */
export function rosterFilterChips(names: RosterNames) {
  return {
    classId: { label: labels.classId.one, names: names.classes },
    studentId: { label: labels.studentId.one, names: names.students },
    courseId: { label: labels.courseId.one, names: names.courses },
    lessonId: { label: labels.lessonId.one, names: names.lessons },
  } as const;
}
