/** An import's lists as the check and the write read them: each present (empty when left out), and the enrollments of every class in one list. */
import type { PeopleImportBody } from '../../../contract/people-import.ts';

type Listed<K extends keyof PeopleImportBody> = NonNullable<PeopleImportBody[K]>;

export interface Enrollment {
  readonly studentId: string;
  readonly userId: string;
  readonly classId: string;
  /** Where it stands in the body, for the issues that name it. */
  readonly path: string;
}

export interface ImportLists {
  readonly orgs: Listed<'orgs'>;
  readonly users: Listed<'users'>;
  readonly courses: Listed<'courses'>;
  readonly classes: Listed<'classes'>;
  readonly friendships: Listed<'friendships'>;
  readonly enrolled: readonly Enrollment[];
}

export function importLists(body: PeopleImportBody): ImportLists {
  const classes = body.classes ?? [];
  return {
    orgs: body.orgs ?? [],
    users: body.users ?? [],
    courses: body.courses ?? [],
    classes,
    friendships: body.friendships ?? [],
    enrolled: classes.flatMap((c, i) =>
      (c.students ?? []).map((s, j) => ({ ...s, classId: c.classId, path: `body.classes.${i}.students.${j}` })),
    ),
  };
}
