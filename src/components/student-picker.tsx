/**
 * The student field of the comment and note forms: a combobox over the
 * students of the classes picked so far, found by typing a name, a handle, a
 * rank or a class. Two students of the same name are told apart in the list
 * by handle, picture and class; the value is the enrollment (studentId).
 */
import { useCallback, useMemo } from 'react';
import type { ClassStudent, Roster } from '../../contract/roster';
import { Avatar } from './avatar';
import { Combobox } from './combobox';
import { describedBy, FieldFrame } from './form-field';
import { pickedClasses, studentLabel } from './roster-choices';
import './student-picker.css';
import type { RosterValues } from './roster-fields';

interface StudentChoice {
  readonly studentId: string;
  readonly name: string;
  readonly handle: string;
  readonly className: string;
  readonly rank: string;
  readonly pictureId: string | null;
  /** As the select said it, so the chosen value reads the same. */
  readonly label: string;
}

/** The people of a roster read from the platform's lists (roster-queries), when it is one: their ranks and pictures. */
function peopleOf(roster: Roster): ReadonlyMap<string, ClassStudent> | undefined {
  const people = (roster as { readonly people?: unknown }).people;
  return people instanceof Map ? (people as ReadonlyMap<string, ClassStudent>) : undefined;
}

export function studentChoices(roster: Roster, values: RosterValues): StudentChoice[] {
  const picked = pickedClasses(roster, values);
  const people = peopleOf(roster);
  return picked.flatMap((c) =>
    c.students.map((s) => {
      const person = people?.get(s.userId);
      return {
        studentId: s.studentId,
        name: `${s.firstName} ${s.lastName}`.trim(),
        handle: s.handle,
        className: c.className,
        rank: person?.displayRank || person?.militaryGrade || person?.civilianGrade || '',
        pictureId: person?.profilePic ?? null,
        label: studentLabel(s, c.className, picked.length > 1),
      };
    }),
  );
}

const keyOf = (choice: StudentChoice) => choice.studentId;
const textOf = (choice: StudentChoice) => choice.label;
const searchTextOf = (choice: StudentChoice) =>
  // The label too, so typing what the box shows of a student finds that student.
  [choice.rank, choice.label, choice.className].filter(Boolean).join(' ');
const countMessage = (count: number) => (count === 1 ? '1 student matches.' : `${count} students match.`);
const noMatch = (typed: string) =>
  typed.trim() ? `No student matches “${typed.trim()}”.` : 'No student to choose from here.';

function ChoiceLine({ choice }: { readonly choice: StudentChoice }) {
  return (
    <>
      <Avatar pictureId={choice.pictureId} name={choice.name} size="small" />
      <span className="student-choice">
        <span className="student-choice-name">
          {choice.rank ? `${choice.rank} ` : ''}
          <bdi>{choice.name}</bdi>
        </span>{' '}
        <span className="student-choice-detail">
          <bdi>{choice.handle}</bdi> · <bdi>{choice.className}</bdi>
        </span>
      </span>
    </>
  );
}

const renderItem = (choice: StudentChoice) => <ChoiceLine choice={choice} />;

interface StudentPickerProps {
  readonly id: string;
  readonly label: string;
  readonly roster: Roster;
  /** The course and class picked so far, which narrow the students offered. */
  readonly values: RosterValues;
  readonly onChange: (studentId: string) => void;
  readonly required?: boolean | undefined;
  readonly error?: string | undefined;
}

export function StudentPicker({ id, label, roster, values, onChange, required, error }: StudentPickerProps) {
  const { courseId, classId } = values;
  const choices = useMemo(() => studentChoices(roster, { courseId, classId }), [roster, courseId, classId]);
  const change = useCallback((key: string | null) => onChange(key ?? ''), [onChange]);
  return (
    <FieldFrame id={id} label={label} error={error} required={required}>
      <Combobox
        id={id}
        items={choices}
        keyOf={keyOf}
        textOf={textOf}
        searchTextOf={searchTextOf}
        renderItem={renderItem}
        value={values.studentId || null}
        onChange={change}
        listLabel="Matching students"
        clearLabel={`Clear the ${label.toLowerCase()}`}
        countMessage={countMessage}
        noMatch={noMatch}
        required={required}
        invalid={Boolean(error)}
        placeholder="Type a name, handle or rank"
        describedBy={describedBy(id, undefined, error)}
      />
    </FieldFrame>
  );
}
