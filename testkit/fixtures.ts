/**
 * Picks the people and classes a test needs from the seeded sandbox, through
 * the sandbox extension and the roster, so tests read like the story they tell.
 */
import { rosterSchema } from '../contract/roster.ts';
import { type SandboxUser, sandboxUserListSchema } from '../contract/sandbox.ts';
import { bump } from '../server/data/versions.ts';
import { call, signIn, type TestService } from './harness.ts';

export interface World {
  readonly trainer: { userId: string; token: string };
  /** A trainer who does not teach `klass`. */
  readonly otherTrainer: { userId: string; token: string };
  readonly klass: { classId: string; courseId: string; lessonIds: string[] };
  /** A student enrolled in `klass`. */
  readonly student: { studentId: string; userId: string };
  /** A class the trainer does not teach, with a student of it. */
  readonly foreignClass: { classId: string; studentId: string; courseId: string; lessonIds: string[] };
  readonly users: SandboxUser[];
}

export async function loadWorld(url: string): Promise<World> {
  const users = sandboxUserListSchema.parse((await call(url, 'GET', '/sandbox/v1/users')).body);
  const trainers = users.filter((u) => u.teaches.length > 0);
  const trainerUser = trainers[0];
  if (!trainerUser) throw new Error('the sandbox has no trainer');
  const taught = new Set(trainerUser.teaches.map((t) => t.classId));
  const other = trainers.find((u) => u.teaches.every((t) => !taught.has(t.classId)));
  if (!other) throw new Error('the sandbox needs a trainer who does not teach the first trainer’s classes');
  const token = await signIn(url, trainerUser.userId);
  const roster = rosterSchema.parse((await call(url, 'GET', '/edu/v1/trainer/roster', { token })).body);
  const first = roster.classes.find((c) => c.students.length > 0 && c.lessons.length > 0);
  if (!first) throw new Error('the trainer has no class with students and lessons');
  const firstStudent = first.students[0];
  if (!firstStudent) throw new Error('no student');
  const otherToken = await signIn(url, other.userId);
  const otherRoster = rosterSchema.parse(
    (await call(url, 'GET', '/edu/v1/trainer/roster', { token: otherToken })).body,
  );
  const foreign = otherRoster.classes.find((c) => c.students.length > 0);
  const foreignStudent = foreign?.students[0];
  if (!foreign || !foreignStudent) throw new Error('the other trainer has no class with students');
  return {
    users,
    trainer: { userId: trainerUser.userId, token },
    otherTrainer: { userId: other.userId, token: otherToken },
    klass: { classId: first.classId, courseId: first.courseId, lessonIds: first.lessons.map((l) => l.lessonId) },
    student: { studentId: firstStudent.studentId, userId: firstStudent.userId },
    foreignClass: {
      classId: foreign.classId,
      studentId: foreignStudent.studentId,
      courseId: foreign.courseId,
      lessonIds: foreign.lessons.map((l) => l.lessonId),
    },
  };
}

/**
 * Makes `userId` a co-trainer of `classId`. The demo dataset has one trainer
 * per class and no route assigns trainers (the interface has none), so a test
 * that needs a second trainer of a class writes the row itself, bumping the
 * data version as every write of the service does.
 */
export async function addCoTrainer(service: TestService, classId: string, userId: string): Promise<void> {
  await service.db.transaction(async (tx) => {
    await tx.insertInto('class_trainers').values({ class_id: classId, user_id: userId }).execute();
    await bump(tx, 'classes');
  });
}

/** Takes `userId` off the trainers of `classId`, as an administrator would (what they wrote there stays theirs). */
export async function removeCoTrainer(service: TestService, classId: string, userId: string): Promise<void> {
  await service.db.transaction(async (tx) => {
    await tx.deleteFrom('class_trainers').where('class_id', '=', classId).where('user_id', '=', userId).execute();
    await bump(tx, 'classes');
  });
}

/** A trainer who is neither of the world's two and does not teach its class: a co-trainer to be. */
export function spareTrainer(world: World): SandboxUser {
  const spare = world.users.find(
    (u) =>
      u.roles.includes('trainer') &&
      u.userId !== world.trainer.userId &&
      u.userId !== world.otherTrainer.userId &&
      !u.teaches.some((t) => t.classId === world.klass.classId),
  );
  if (!spare) throw new Error('the sandbox needs a third trainer');
  return spare;
}
