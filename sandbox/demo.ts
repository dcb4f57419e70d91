/**
 * The demo sandbox: the fixed people, classes and credentials of catalog.ts
 * and demo-ids.ts, and a seeded crowd of students, friendships, comments and
 * notes around them. Everything comes from the seed (never the clock), so the
 * same seed gives the same database content.
 */
import { pluginPermissions } from '../contract/plugin-permissions.ts';
import type { Queryable } from '../server/data/database.ts';
import { bump } from '../server/data/versions.ts';
import {
  awkwardComments,
  awkwardNotes,
  type ClassSpec,
  classes,
  countries,
  courseNoteTexts,
  courses,
  educations,
  enlistedGrades,
  firstNames,
  fixedEnrollments,
  fixedFriendships,
  fixedPeople,
  genders,
  generalRemarks,
  lastNames,
  lessonNoteTexts,
  lessonRemarks,
  namesByCountry,
  orgs,
  type Person,
  userNoteTexts,
} from './catalog.ts';
import { demoIds as ids } from './demo-ids.ts';
import { makeAvatar, makeCover } from './pictures.ts';
import { seedPluginData } from './plugin-data.ts';
import { Rng, SECONDS_PER_DAY, SEED_BASE_TIME } from './random.ts';
import { RowBuffer } from './row-buffer.ts';

/** How many of each the generated part makes (the fixed part comes on top). */
export const DEMO_COUNTS = { students: 40, comments: 150, notes: 40 } as const;

export interface SeedSummary {
  users: number;
  pictures: number;
  students: number;
  friendships: number;
  comments: number;
  notes: number;
}

interface Enrollment {
  readonly studentId: string;
  readonly userId: string;
  readonly firstName: string;
  readonly klass: ClassSpec;
}

const DAY = SECONDS_PER_DAY;
/** Accounts exist from the base day, classes start a week later and run eight weeks. */
const CLASS_START = SEED_BASE_TIME + 7 * DAY;
const CLASS_DAYS = 56;

// Pictures are pure functions of (seed, label): cache them so a test suite
// that seeds many databases in one process draws each picture once.
const pictureCache = new Map<string, string>();
function picture(seed: number, label: string, make: (rng: Rng) => string): string {
  const key = `${seed}/${label}`;
  let data = pictureCache.get(key);
  if (data === undefined) {
    data = make(new Rng(seed, `picture/${label}`));
    pictureCache.set(key, data);
  }
  return data;
}

/** Letters, digits and dots only, for handles and email local parts (Zoë -> zoe, O'Brien -> obrien). */
function asciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * Writes the demo dataset into an empty, migrated database, in one
 * transaction: `q`'s when it is one, else its own.
 */
export async function seedDemo(q: Queryable, seed: number): Promise<SeedSummary> {
  if (!q.isTransaction) return q.transaction().execute((tx) => seedDemo(tx, seed));
  const root = new Rng(seed, 'demo');
  const rows = new RowBuffer(q);
  const summary: SeedSummary = { users: 0, pictures: 0, students: 0, friendships: 0, comments: 0, notes: 0 };

  const usedIds = new Set<string>();
  const freshId = (rng: Rng, prefix: string, digits: number) => {
    for (;;) {
      const id = `${prefix}-${rng.hex(digits)}`;
      if (!usedIds.has(id)) {
        usedIds.add(id);
        return id;
      }
    }
  };
  const usedHandles = new Set(fixedPeople.map((p) => p.handle));

  const addPerson = (person: Person, createdAt: number, withCover: boolean) => {
    let profilePic: string | null = null;
    let coverPhoto: string | null = null;
    if (person.pictures !== false) {
      profilePic = `pic-${person.userId.slice(4)}-p`;
      rows.add('pictures', {
        picture_id: profilePic,
        jpeg_base64: picture(seed, `${person.userId}/profile`, makeAvatar),
      });
      summary.pictures++;
      if (withCover) {
        coverPhoto = `pic-${person.userId.slice(4)}-c`;
        rows.add('pictures', {
          picture_id: coverPhoto,
          jpeg_base64: picture(seed, `${person.userId}/cover`, makeCover),
        });
        summary.pictures++;
      }
    }
    rows.add('users', {
      user_id: person.userId,
      handle: person.handle,
      first_name: person.firstName,
      last_name: person.lastName,
      user_type: person.userType,
      account_type: person.accountType,
      country: person.country,
      profile_pic: profilePic,
      cover_photo: coverPhoto,
      anonymous: 0,
      email: person.email,
      trainer: person.trainer ? 1 : 0,
      trainee: person.trainee ? 1 : 0,
      afsc: person.afsc ?? '',
      education: person.education ?? '',
      military_grade: person.militaryGrade ?? null,
      display_rank: person.displayRank ?? null,
      gender: person.gender ?? null,
      display_duty_title: person.displayDutyTitle ?? null,
      civilian_grade: person.civilianGrade ?? null,
      civilian_band: person.civilianBand ?? null,
      job_series_number: person.jobSeriesNumber ?? null,
      job_title: person.jobTitle ?? null,
      camera_disabled: person.cameraDisabled ? 1 : 0,
      proximity_friends: person.proximityFriends ? 1 : 0,
      org_id: person.orgId,
      created_at: createdAt,
    });
    summary.users++;
  };

  for (const org of orgs) rows.add('orgs', { org_id: org.id, name: org.name });
  for (const course of courses) {
    rows.add('courses', { course_id: course.id, name: course.name, version: course.version, org_id: course.orgId });
    course.lessons.forEach((lesson, i) => {
      rows.add('lessons', { lesson_id: lesson.id, course_id: course.id, name: lesson.name, position: i + 1 });
    });
  }

  // People: the fixed ones, then the generated trainees.
  const peopleRng = root.fork('people');
  for (const person of fixedPeople) addPerson(person, SEED_BASE_TIME + peopleRng.int(0, 2 * DAY), true);
  for (const klass of classes) {
    rows.add('classes', { class_id: klass.id, course_id: klass.courseId, name: klass.name, org_id: klass.orgId });
    for (const trainer of klass.trainers) rows.add('class_trainers', { class_id: klass.id, user_id: trainer });
  }

  const firstNameOf = new Map(fixedPeople.map((p) => [p.userId, p.firstName]));
  const classById = new Map(classes.map((c) => [c.id, c]));
  const enrollments: Enrollment[] = [];
  const enroll = (studentId: string, userId: string, klass: ClassSpec) => {
    rows.add('students', { student_id: studentId, user_id: userId, class_id: klass.id });
    enrollments.push({ studentId, userId, firstName: firstNameOf.get(userId) ?? '', klass });
    summary.students++;
  };
  for (const [studentId, userId, classId] of fixedEnrollments) {
    const klass = classById.get(classId);
    if (klass) enroll(studentId, userId, klass);
  }

  const crowd: Person[] = [];
  for (let n = 0; n < DEMO_COUNTS.students; n++) {
    const klass = classes[n % classes.length] as ClassSpec;
    const person = generatedTrainee(peopleRng, klass, freshId(peopleRng, 'usr', 8), usedHandles);
    addPerson(person, SEED_BASE_TIME + peopleRng.int(0, 3 * DAY), peopleRng.chance(0.3));
    firstNameOf.set(person.userId, person.firstName);
    crowd.push(person);
    enroll(freshId(peopleRng, 'stu', 8), person.userId, klass);
  }
  // A few cyber trainees also take the transport course, so they too have two studentIds.
  const cyberCrowd = crowd.filter((p) =>
    enrollments.some((e) => e.userId === p.userId && e.klass.id === ids.classes.cyberA),
  );
  const networkA = classById.get(ids.classes.networkA) as ClassSpec;
  for (const person of peopleRng.sample(cyberCrowd, 3)) enroll(freshId(peopleRng, 'stu', 8), person.userId, networkA);

  // Friendships, symmetric: the fixed web, then classmates and a random web in the crowd.
  const friendRng = root.fork('friends');
  const pairs = new Set<string>();
  const befriend = (a: string, b: string) => {
    if (a === b) return;
    const key = a < b ? `${a} ${b}` : `${b} ${a}`;
    if (pairs.has(key)) return;
    pairs.add(key);
    rows.add('friendships', { user_id: a, friend_id: b });
    rows.add('friendships', { user_id: b, friend_id: a });
    summary.friendships += 2;
  };
  for (const [a, b] of fixedFriendships) befriend(a, b);
  const classmates = (classId: string) =>
    enrollments.filter((e) => e.klass.id === classId && crowd.some((p) => p.userId === e.userId)).map((e) => e.userId);
  for (const friend of friendRng.sample(classmates(ids.classes.cyberA), 4)) befriend(ids.users.student, friend);
  for (const friend of friendRng.sample(classmates(ids.classes.networkA), 2)) befriend(ids.users.student, friend);
  for (const friend of friendRng.sample(crowd, 2)) befriend(ids.users.teen, friend.userId);
  for (const friend of friendRng.sample(crowd, 2)) befriend(ids.users.parent, friend.userId);
  for (const person of crowd) {
    for (const friend of friendRng.sample(crowd, friendRng.int(0, 3))) befriend(person.userId, friend.userId);
  }

  // Comments: trainers of each class about its students; the fixed enrollments get the first dozen.
  const commentRng = root.fork('comments');
  const comments: { id: string; e: Enrollment; author: string; lessonId: string | null; text: string; at: number }[] =
    [];
  const fixed = enrollments.slice(0, fixedEnrollments.length);
  for (let n = 0; n < DEMO_COUNTS.comments; n++) {
    const e = n < 12 ? (fixed[n % fixed.length] as Enrollment) : commentRng.pick(enrollments);
    const course = courseOf(e.klass);
    const lesson = commentRng.chance(0.7) ? commentRng.pick(course.lessons) : null;
    const template = lesson ? commentRng.pick(lessonRemarks) : commentRng.pick(generalRemarks);
    comments.push({
      id: freshId(commentRng, 'cmt', 10),
      e,
      author: commentRng.pick(e.klass.trainers),
      lessonId: lesson?.id ?? null,
      text: fill(template, {
        lesson: lesson?.name ?? '',
        first: e.firstName,
        score: String(commentRng.int(72, 100)),
      }),
      at: CLASS_START + commentRng.int(0, CLASS_DAYS * DAY),
    });
  }
  const demoCyber = fixed[0] as Enrollment;
  awkwardComments.forEach((c, i) => {
    comments.push({
      id: c.id,
      e: demoCyber,
      author: ids.users.trainer,
      lessonId: i === 0 ? (ids.lessons.cyber[1] as string) : null,
      text: c.text,
      at: CLASS_START + commentRng.int(0, CLASS_DAYS * DAY),
    });
  });
  // Insertion (seq) order is time order, as if they had been written live.
  comments.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
  for (const c of comments) {
    rows.add('comments', {
      comment_id: c.id,
      student_id: c.e.studentId,
      author_id: c.author,
      class_id: c.e.klass.id,
      course_id: c.e.klass.courseId,
      lesson_id: c.lessonId,
      text: c.text,
      created_at: c.at,
    });
    summary.comments++;
  }

  // Notes of all three categories, written by the trainers of the class.
  const noteRng = root.fork('notes');
  type NoteRow = [
    string,
    string,
    string,
    string,
    string | null,
    string | null,
    string | null,
    string | null,
    string,
    number,
  ];
  const notes: NoteRow[] = [];
  const noteAbout = (
    id: string,
    author: string,
    text: string,
    e: Enrollment,
    category: string,
    lessonId: string | null,
    at: number,
  ): NoteRow =>
    category === 'user'
      ? [id, author, text, e.userId, null, null, null, null, 'user', at]
      : [
          id,
          author,
          text,
          e.userId,
          e.klass.id,
          e.studentId,
          e.klass.courseId,
          category === 'lesson' ? lessonId : null,
          category,
          at,
        ];
  for (let n = 0; n < DEMO_COUNTS.notes; n++) {
    const category = (['lesson', 'course', 'user'] as const)[n % 3] as string;
    const e = noteRng.pick(enrollments);
    const lesson = noteRng.pick(courseOf(e.klass).lessons);
    const texts = category === 'lesson' ? lessonNoteTexts : category === 'course' ? courseNoteTexts : userNoteTexts;
    const text = fill(noteRng.pick(texts), { lesson: lesson.name, first: e.firstName });
    const at = CLASS_START + noteRng.int(0, CLASS_DAYS * DAY);
    notes.push(
      noteAbout(freshId(noteRng, 'note', 10), noteRng.pick(e.klass.trainers), text, e, category, lesson.id, at),
    );
  }
  const demoNetwork = fixed[1] as Enrollment;
  const at = () => CLASS_START + noteRng.int(0, CLASS_DAYS * DAY);
  const trainer = ids.users.trainer;
  const [cyber1, , cyber3] = ids.lessons.cyber;
  notes.push(
    noteAbout(
      ids.notes.lesson,
      trainer,
      'Re-check the Linux permissions lab; redo chmod drills.',
      demoCyber,
      'lesson',
      cyber3,
      at(),
    ),
    noteAbout(
      ids.notes.course,
      trainer,
      'Transport course on track; strong on cabling, weaker on routing.',
      demoNetwork,
      'course',
      null,
      at(),
    ),
    noteAbout(
      ids.notes.user,
      trainer,
      'Prefers written feedback; mentor pairing with a SrA recommended.',
      demoCyber,
      'user',
      null,
      at(),
    ),
    noteAbout(ids.notes.script, trainer, awkwardNotes[0].text, demoCyber, 'lesson', cyber1, at()),
    noteAbout(ids.notes.unicode, trainer, awkwardNotes[1].text, demoCyber, 'user', null, at()),
  );
  notes.sort((a, b) => a[9] - b[9] || (a[0] < b[0] ? -1 : 1));
  for (const [
    note_id,
    author_id,
    text,
    user_id,
    class_id,
    student_id,
    course_id,
    lesson_id,
    category,
    created_at,
  ] of notes) {
    rows.add('notes', {
      note_id,
      author_id,
      text,
      user_id,
      class_id,
      student_id,
      course_id,
      lesson_id,
      category,
      created_at,
    });
    summary.notes++;
  }

  // App clients and AI plugins.
  rows.add('apps', { client_id: ids.apps.training, name: 'Trainer dashboard (sandbox)', environment: 'sandbox' });
  rows.add('app_scopes', { client_id: ids.apps.training, scope: 'training' });
  rows.add('apps', {
    client_id: ids.apps.noTraining,
    name: 'Dashboard without the training scope (sandbox)',
    environment: 'sandbox',
  });
  rows.add('apps', {
    client_id: ids.apps.production,
    name: 'Trainer dashboard (production)',
    environment: 'production',
  });
  rows.add('app_scopes', { client_id: ids.apps.production, scope: 'training' });
  const plugins = [
    {
      ...ids.plugins.coach,
      name: 'Readiness Coach (sample plugin)',
      environment: 'sandbox' as const,
      urls: [ids.pluginUrls.capabilities, ids.pluginUrls.candidates],
      permissions: pluginPermissions,
      orgIds: [ids.orgs.trainingWing, ids.orgs.fighterWing],
    },
    {
      ...ids.plugins.limited,
      name: 'Records Reader (limited)',
      environment: 'sandbox' as const,
      urls: [null, null],
      permissions: ['record-data'],
      orgIds: [ids.orgs.airBaseWing],
    },
    {
      ...ids.plugins.production,
      name: 'Readiness Coach (production)',
      environment: 'production' as const,
      urls: [null, null],
      permissions: pluginPermissions,
      orgIds: orgs.map((org) => org.id),
    },
  ];
  for (const plugin of plugins) {
    rows.add('plugins', {
      client_id: plugin.clientId,
      client_secret: plugin.clientSecret,
      name: plugin.name,
      environment: plugin.environment,
      capabilities_url: plugin.urls[0] ?? null,
      candidates_url: plugin.urls[1] ?? null,
      created_at: SEED_BASE_TIME,
    });
    for (const permission of plugin.permissions) {
      rows.add('plugin_permissions', { client_id: plugin.clientId, permission });
    }
    for (const orgId of plugin.orgIds) rows.add('plugin_orgs', { client_id: plugin.clientId, org_id: orgId });
  }
  await rows.flush();

  // The plugin data reads what was just written.
  await seedPluginData(q, root.fork('plugin-data'));
  await bump(q, 'users', 'classes', 'comments', 'notes', 'apps', 'plugins', 'badges', 'plugin_data');
  return summary;
}

function courseOf(klass: ClassSpec) {
  const course = courses.find((c) => c.id === klass.courseId);
  if (!course) throw new Error(`class ${klass.id} names an unknown course ${klass.courseId}`);
  return course;
}

/** One generated trainee of a class: mostly enlisted, a few officers and civilians; some fields absent. */
function generatedTrainee(rng: Rng, klass: ClassSpec, userId: string, usedHandles: Set<string>): Person {
  const course = courseOf(klass);
  const country = rng.weighted(countries);
  const [firstName, lastName] =
    country === 'US'
      ? [rng.pick(firstNames), rng.pick(lastNames)]
      : rng.pick(namesByCountry[country] ?? [['Alex', 'Smith']]);
  const slug = `${asciiSlug(firstName)}.${asciiSlug(lastName)}`;
  let local = slug;
  for (let n = 2; usedHandles.has(`@${local}`); n++) local = `${slug}${n}`;
  usedHandles.add(`@${local}`);

  const kind = rng.weighted([
    ['enlisted', 17],
    ['officer', 1],
    ['civilian', 2],
  ] as const);
  const gender = rng.chance(0.8) ? rng.weighted(genders) : undefined;
  const dutyTitle = rng.chance(0.75) ? course.dutyTitle : undefined;
  const base = {
    userId,
    handle: `@${local}`,
    firstName,
    lastName,
    userType: 'adult',
    accountType: 'Adult',
    country,
    email: `${local}@example.mil`,
    orgId: klass.orgId,
    trainee: true,
    education: rng.pick(educations),
    ...(gender ? { gender } : {}),
    ...(dutyTitle ? { displayDutyTitle: dutyTitle } : {}),
    pictures: rng.chance(0.85),
  } as const;
  if (kind === 'civilian') {
    const [series, title] = course.civilianSeries;
    return {
      ...base,
      civilianGrade: rng.pick(['GS-5', 'GS-7', 'GS-9']),
      civilianBand: 'Developmental',
      jobSeriesNumber: series,
      jobTitle: title,
    };
  }
  const [militaryGrade, displayRank] = kind === 'officer' ? (['O-1', '2d Lt'] as const) : rng.weighted(enlistedGrades);
  return { ...base, afsc: course.afsc, militaryGrade, displayRank };
}
