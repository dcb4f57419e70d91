/**
 * An import file cut into parts that each fit one request of
 * `POST /admin/v1/import`, whose body the service takes up to 64 KiB.
 */
import type { PeopleImportBody } from '../../contract/people-import.ts';

/** The largest part of an import sent in one request: under the service's 64 KiB body limit. */
const IMPORT_PART_BYTES = 60_000;
const STUDENTS_PER_PART = 400;

/**
 * The file in parts that each fit one request, in the order references need
 * (orgs, people, courses, classes, friendships); a class with many students
 * goes in several parts, each naming the class (an import only adds).
 */
export function importParts(file: PeopleImportBody): PeopleImportBody[] {
  type Kind = keyof PeopleImportBody;
  const items: [Kind, unknown][] = [
    ...(file.orgs ?? []).map((x): [Kind, unknown] => ['orgs', x]),
    ...(file.users ?? []).map((x): [Kind, unknown] => ['users', x]),
    ...(file.courses ?? []).map((x): [Kind, unknown] => ['courses', x]),
    ...(file.classes ?? []).flatMap((klass) => {
      const students = klass.students ?? [];
      const groups: (typeof students)[] = [];
      for (let i = 0; i < students.length; i += STUDENTS_PER_PART)
        groups.push(students.slice(i, i + STUDENTS_PER_PART));
      if (groups.length === 0) return [['classes', klass] as [Kind, unknown]];
      return groups.map((group): [Kind, unknown] => ['classes', { ...klass, students: group }]);
    }),
    ...(file.friendships ?? []).map((x): [Kind, unknown] => ['friendships', x]),
  ];
  const parts: Record<string, unknown[]>[] = [];
  let part: Record<string, unknown[]> = {};
  let bytes = 2;
  // The pieces of one class go to different parts: one request names an id once.
  let classIds = new Set<string>();
  for (const [kind, item] of items) {
    const size = Buffer.byteLength(JSON.stringify(item)) + kind.length + 8;
    const classId = kind === 'classes' ? (item as { classId: string }).classId : undefined;
    if (
      Object.keys(part).length > 0 &&
      (bytes + size > IMPORT_PART_BYTES || (classId !== undefined && classIds.has(classId)))
    ) {
      parts.push(part);
      part = {};
      bytes = 2;
      classIds = new Set();
    }
    if (classId !== undefined) classIds.add(classId);
    part[kind] ??= [];
    part[kind].push(item);
    bytes += size;
  }
  if (Object.keys(part).length > 0) parts.push(part);
  return parts as PeopleImportBody[];
}
