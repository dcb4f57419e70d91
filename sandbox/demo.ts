/**
 * The demo sandbox: the fixed people, classes and credentials of catalog.ts
 * and demo-ids.ts, and a seeded crowd of students, friendships, comments and
 * notes around them. Everything comes from the seed (never the clock), so the
 * same seed gives the same database content.
 */
import { pluginPermissions } from '../contract/plugin-permissions.ts';
import type { Queryable } from '../server/data/database.ts';
import { SANDBOX_SECRETS_KEY, sealingKey, storedPluginSecret } from '../server/data/secrets.ts';
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
import { demoPasswords, demoRedirectUris } from './demo-passwords.ts';
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
 * transaction: `q`'s when it is one, else its own. Each step draws from its
 * own stream of the seed, so a step reads like a list of what it adds.
 */
/** `secretsKey`: the SECRETS_KEY the plugins' secrets are sealed with (default: the sandbox's published one). */
export async function seedDemo(
  q: Queryable,
  seed: number,
  secretsKey: string = SANDBOX_SECRETS_KEY,
): Promise<SeedSummary> {
  if (!q.isTransaction) return q.transaction().execute((tx) => seedDemo(tx, seed, secretsKey));
  const root = new Rng(seed, 'demo');
  const demo = new DemoRows(q, seed);
  addOrgsAndCourses(demo);
  const peopleRng = root.fork('people');
  addFixedPeople(demo, peopleRng);
  addClasses(demo);
  const roster = addEnrollments(demo, peopleRng);
  addFriendships(demo, root.fork('friends'), roster);
  addComments(demo, root.fork('comments'), roster);
  addNotes(demo, root.fork('notes'), roster);
  addAppsAndPlugins(demo, sealingKey(secretsKey));
  await demo.rows.flush();

  // The plugin data reads what was just written.
  await seedPluginData(q, root.fork('plugin-data'));
  await bump(q, 'users', 'classes', 'comments', 'notes', 'apps', 'plugins', 'badges', 'plugin_data');
  return demo.summary;
}

/** What every step writes to: the rows, their count, and the ids already given out. */
class DemoRows {
  readonly rows: RowBuffer;
  readonly summary: SeedSummary = { users: 0, pictures: 0, students: 0, friendships: 0, comments: 0, notes: 0 };
  private readonly usedIds = new Set<string>();

  constructor(
    q: Queryable,
    readonly seed: number,
  ) {
    this.rows = new RowBuffer(q);
  }

  /** A random id no step has given out yet. */
  freshId(rng: Rng, prefix: string, digits: number): string {
    for (;;) {
      const id = `${prefix}-${rng.hex(digits)}`;
      if (!this.usedIds.has(id)) {
        this.usedIds.add(id);
        return id;
      }
    }
  }
}

/** Who is enrolled where, for the steps that write about students. */
interface Roster {
  readonly enrollments: readonly Enrollment[];
  /** The first enrollments: those of catalog.ts, in their order. */
  readonly fixed: readonly Enrollment[];
  /** The generated trainees. */
  readonly crowd: readonly Person[];
}

function addOrgsAndCourses({ rows }: DemoRows): void {
  for (const org of orgs) rows.add('orgs', { org_id: org.id, name: org.name });
  for (const course of courses) {
    rows.add('courses', { course_id: course.id, name: course.name, version: course.version, org_id: course.orgId });
    course.lessons.forEach((lesson, i) => {
      rows.add('lessons', { lesson_id: lesson.id, course_id: course.id, name: lesson.name, position: i + 1 });
    });
  }
}

/** A person's profile picture (and cover photo): their ids, null where they have none. */
function addPictures(
  demo: DemoRows,
  person: Person,
  withCover: boolean,
): { profilePic: string | null; coverPhoto: string | null } {
  if (person.pictures === false) return { profilePic: null, coverPhoto: null };
  const profilePic = `pic-${person.userId.slice(4)}-p`;
  demo.rows.add('pictures', {
    picture_id: profilePic,
    jpeg_base64: picture(demo.seed, `${person.userId}/profile`, makeAvatar),
  });
  demo.summary.pictures++;
  if (!withCover) return { profilePic, coverPhoto: null };
  const coverPhoto = `pic-${person.userId.slice(4)}-c`;
  demo.rows.add('pictures', {
    picture_id: coverPhoto,
    jpeg_base64: picture(demo.seed, `${person.userId}/cover`, makeCover),
  });
  demo.summary.pictures++;
  return { profilePic, coverPhoto };
}

const passwordHashes = new Map(demoPasswords.map((entry) => [entry.userId, entry.hash]));

function addPerson(demo: DemoRows, person: Person, createdAt: number, withCover: boolean): void {
  const { profilePic, coverPhoto } = addPictures(demo, person, withCover);
  demo.rows.add('users', {
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
    password_hash: passwordHashes.get(person.userId) ?? null,
  });
  demo.summary.users++;
}

/** The documented people of catalog.ts, each with both pictures. */
function addFixedPeople(demo: DemoRows, rng: Rng): void {
  for (const person of fixedPeople) addPerson(demo, person, SEED_BASE_TIME + rng.int(0, 2 * DAY), true);
}

function addClasses({ rows }: DemoRows): void {
  for (const klass of classes) {
    rows.add('classes', { class_id: klass.id, course_id: klass.courseId, name: klass.name, org_id: klass.orgId });
    for (const trainer of klass.trainers) rows.add('class_trainers', { class_id: klass.id, user_id: trainer });
  }
}

/**
 * The fixed enrollments, then the generated trainees, each made and enrolled
 * in turn (round-robin over the classes), from the people's stream: it goes
 * on where the fixed people left it.
 */
function addEnrollments(demo: DemoRows, rng: Rng): Roster {
  const firstNameOf = new Map(fixedPeople.map((p) => [p.userId, p.firstName]));
  const classById = new Map(classes.map((c) => [c.id, c]));
  const enrollments: Enrollment[] = [];
  const enroll = (studentId: string, userId: string, klass: ClassSpec) => {
    demo.rows.add('students', { student_id: studentId, user_id: userId, class_id: klass.id });
    enrollments.push({ studentId, userId, firstName: firstNameOf.get(userId) ?? '', klass });
    demo.summary.students++;
  };
  for (const [studentId, userId, classId] of fixedEnrollments) {
    const klass = classById.get(classId);
    if (klass) enroll(studentId, userId, klass);
  }
  const usedHandles = new Set(fixedPeople.map((p) => p.handle));
  const crowd: Person[] = [];
  for (let n = 0; n < DEMO_COUNTS.students; n++) {
    const klass = classes[n % classes.length] as ClassSpec;
    const person = generatedTrainee(rng, klass, demo.freshId(rng, 'usr', 8), usedHandles);
    addPerson(demo, person, SEED_BASE_TIME + rng.int(0, 3 * DAY), rng.chance(0.3));
    firstNameOf.set(person.userId, person.firstName);
    crowd.push(person);
    enroll(demo.freshId(rng, 'stu', 8), person.userId, klass);
  }
  // A few cyber trainees also take the transport course, so they too have two studentIds.
  const cyberCrowd = crowd.filter((p) =>
    enrollments.some((e) => e.userId === p.userId && e.klass.id === ids.classes.cyberA),
  );
  const networkA = classById.get(ids.classes.networkA) as ClassSpec;
  for (const person of rng.sample(cyberCrowd, 3)) enroll(demo.freshId(rng, 'stu', 8), person.userId, networkA);
  return { enrollments, fixed: enrollments.slice(0, fixedEnrollments.length), crowd };
}

/** Friendships, symmetric: the fixed web, then classmates and a random web in the crowd. */
function addFriendships(demo: DemoRows, rng: Rng, { enrollments, crowd }: Roster): void {
  const pairs = new Set<string>();
  const befriend = (a: string, b: string) => {
    if (a === b) return;
    const key = a < b ? `${a} ${b}` : `${b} ${a}`;
    if (pairs.has(key)) return;
    pairs.add(key);
    demo.rows.add('friendships', { user_id: a, friend_id: b });
    demo.rows.add('friendships', { user_id: b, friend_id: a });
    demo.summary.friendships += 2;
  };
  for (const [a, b] of fixedFriendships) befriend(a, b);
  const classmates = (classId: string) =>
    enrollments.filter((e) => e.klass.id === classId && crowd.some((p) => p.userId === e.userId)).map((e) => e.userId);
  for (const friend of rng.sample(classmates(ids.classes.cyberA), 4)) befriend(ids.users.student, friend);
  for (const friend of rng.sample(classmates(ids.classes.networkA), 2)) befriend(ids.users.student, friend);
  for (const friend of rng.sample(crowd, 2)) befriend(ids.users.teen, friend.userId);
  for (const friend of rng.sample(crowd, 2)) befriend(ids.users.parent, friend.userId);
  for (const person of crowd) {
    for (const friend of rng.sample(crowd, rng.int(0, 3))) befriend(person.userId, friend.userId);
  }
}

/** Comments: trainers of each class about its students; the fixed enrollments get the first dozen. */
function addComments(demo: DemoRows, rng: Rng, { enrollments, fixed }: Roster): void {
  const comments: { id: string; e: Enrollment; author: string; lessonId: string | null; text: string; at: number }[] =
    [];
  for (let n = 0; n < DEMO_COUNTS.comments; n++) {
    const e = n < 12 ? (fixed[n % fixed.length] as Enrollment) : rng.pick(enrollments);
    const course = courseOf(e.klass);
    const lesson = rng.chance(0.7) ? rng.pick(course.lessons) : null;
    const template = lesson ? rng.pick(lessonRemarks) : rng.pick(generalRemarks);
    comments.push({
      id: demo.freshId(rng, 'cmt', 10),
      e,
      author: rng.pick(e.klass.trainers),
      lessonId: lesson?.id ?? null,
      text: fill(template, {
        lesson: lesson?.name ?? '',
        first: e.firstName,
        score: String(rng.int(72, 100)),
      }),
      at: CLASS_START + rng.int(0, CLASS_DAYS * DAY),
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
      at: CLASS_START + rng.int(0, CLASS_DAYS * DAY),
    });
  });
  // Insertion (seq) order is time order, as if they had been written live.
  comments.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
  for (const c of comments) {
    demo.rows.add('comments', {
      comment_id: c.id,
      student_id: c.e.studentId,
      author_id: c.author,
      class_id: c.e.klass.id,
      course_id: c.e.klass.courseId,
      lesson_id: c.lessonId,
      text: c.text,
      created_at: c.at,
    });
    demo.summary.comments++;
  }
}

interface NoteRow {
  readonly note_id: string;
  readonly author_id: string;
  readonly text: string;
  readonly user_id: string;
  readonly class_id: string | null;
  readonly student_id: string | null;
  readonly course_id: string | null;
  readonly lesson_id: string | null;
  readonly category: string;
  readonly created_at: number;
}

/** A note's row: a user note names the person only; lesson and course notes also the enrollment. */
function noteAbout(
  id: string,
  author: string,
  text: string,
  e: Enrollment,
  category: string,
  lessonId: string | null,
  at: number,
): NoteRow {
  const about = category === 'user';
  return {
    note_id: id,
    author_id: author,
    text,
    user_id: e.userId,
    class_id: about ? null : e.klass.id,
    student_id: about ? null : e.studentId,
    course_id: about ? null : e.klass.courseId,
    lesson_id: category === 'lesson' ? lessonId : null,
    category,
    created_at: at,
  };
}

/** Notes of all three categories, written by the trainers of the class; then the documented ones. */
function addNotes(demo: DemoRows, rng: Rng, { enrollments, fixed }: Roster): void {
  const notes: NoteRow[] = [];
  for (let n = 0; n < DEMO_COUNTS.notes; n++) {
    const category = (['lesson', 'course', 'user'] as const)[n % 3] as string;
    const e = rng.pick(enrollments);
    const lesson = rng.pick(courseOf(e.klass).lessons);
    const texts = category === 'lesson' ? lessonNoteTexts : category === 'course' ? courseNoteTexts : userNoteTexts;
    const text = fill(rng.pick(texts), { lesson: lesson.name, first: e.firstName });
    const at = CLASS_START + rng.int(0, CLASS_DAYS * DAY);
    notes.push(noteAbout(demo.freshId(rng, 'note', 10), rng.pick(e.klass.trainers), text, e, category, lesson.id, at));
  }
  const demoCyber = fixed[0] as Enrollment;
  const demoNetwork = fixed[1] as Enrollment;
  const at = () => CLASS_START + rng.int(0, CLASS_DAYS * DAY);
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
  // Insertion (seq) order is time order, as for comments.
  notes.sort((a, b) => a.created_at - b.created_at || (a.note_id < b.note_id ? -1 : 1));
  for (const note of notes) {
    demo.rows.add('notes', note);
    demo.summary.notes++;
  }
}

/** App clients (with and without the training scope, sandbox and production), their redirect URIs, and AI plugins. */
function addAppsAndPlugins({ rows }: DemoRows, key: Buffer): void {
  // The two sandbox apps are registered for the legacy implicit grant, as the platform's older SDKs use them
  // (the Swift SDK's sign-in); the production app is not, and never can be.
  rows.add('apps', {
    client_id: ids.apps.training,
    name: 'Trainer dashboard (sandbox)',
    environment: 'sandbox',
    implicit_grant: 1,
  });
  rows.add('app_scopes', { client_id: ids.apps.training, scope: 'training' });
  rows.add('apps', {
    client_id: ids.apps.noTraining,
    name: 'Dashboard without the training scope (sandbox)',
    environment: 'sandbox',
    implicit_grant: 1,
  });
  rows.add('apps', {
    client_id: ids.apps.production,
    name: 'Trainer dashboard (production)',
    environment: 'production',
    implicit_grant: 0,
  });
  rows.add('app_scopes', { client_id: ids.apps.production, scope: 'training' });
  // The local dashboard's callbacks: the sandbox apps for the picker, the production app for password sign-in.
  for (const clientId of [ids.apps.training, ids.apps.noTraining, ids.apps.production]) {
    for (const uri of demoRedirectUris) rows.add('app_redirect_uris', { client_id: clientId, redirect_uri: uri });
  }
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
      ...storedPluginSecret(plugin.clientId, plugin.clientSecret, key),
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
