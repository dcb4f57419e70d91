/** What the roster offers to pick from, given the course and class picked so far: shared by the selects and the student picker. */
import type { Roster, RosterClass } from '../../contract/roster';

/** The classes whose students and lessons are offered, given the course and class picked so far. */
export function pickedClasses(
  roster: Roster,
  values: { readonly courseId?: string | undefined; readonly classId?: string | undefined },
): RosterClass[] {
  return roster.classes.filter(
    (c) => (!values.courseId || c.courseId === values.courseId) && (!values.classId || c.classId === values.classId),
  );
}

/** A student as the select and the picker name them: "Ann Archer (@ann)", with the class when several are offered. */
export function studentLabel(s: RosterClass['students'][number], className: string, manyClasses: boolean): string {
  return `${s.firstName} ${s.lastName} (${s.handle})${manyClasses ? ` in ${className}` : ''}`;
}
