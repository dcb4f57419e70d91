/**
 * The AI-plugin part of the demo data, made from what the rest of the seed
 * made (courses, lessons, enrollments, people) and a seeded random stream,
 * so one seed always gives the same badges, assertions and skills:
 *
 * - every course gets a course badge and one objective badge per objective
 *   (its lessons in groups of two); criteria.objective lists objective
 *   entries, criteria.module the lessons that teach them;
 * - badges align (`alignments`, comma-separated) to competency ids of the
 *   sample plugin's framework (plugin/README.md), chosen from the course's
 *   name and the specialty most of its students hold (at most four); each
 *   objective badge aligns to one of them in turn;
 * - students hold some objective badges, and the course badge once they hold
 *   all of its objectives (most do), each with its lesson, class and version;
 * - people of an org claim up to three hobbies and other skills.
 */
import type { Queryable } from '../server/data/database.ts';
import { pluginDataRepo, type SeedCriterion } from './plugin-data.repo.ts';
import { type Rng, SECONDS_PER_DAY, SEED_BASE_TIME } from './random.ts';
import { RowBuffer } from './row-buffer.ts';

/** Course-name words and the framework competencies a course about them teaches. */
const topicAlignments: readonly (readonly [RegExp, readonly string[]])[] = [
  [/cyber|defen[cs]e|security\+|incident/i, ['cmp-cyber-defense', 'cmp-network-ops']],
  [/network|transport|comm/i, ['cmp-network-ops', 'cmp-rf-transmission']],
  [/system|server|admin|linux|windows/i, ['cmp-systems-admin', 'cmp-scripting']],
  [/script|automat|program|python/i, ['cmp-scripting']],
  [/intel|analy/i, ['cmp-intel-analysis', 'cmp-intel-briefing']],
  [/geo|imagery/i, ['cmp-geoint']],
  [/signal/i, ['cmp-sigint']],
  [/aircraft|maint|avionic|engine|crew chief/i, ['cmp-aircraft-systems', 'cmp-mx-inspection', 'cmp-flightline-safety']],
  [/airfield|flightline|air traffic|runway/i, ['cmp-air-traffic', 'cmp-flightline-safety']],
  [/medic|patient|aid|emergency|health/i, ['cmp-patient-care', 'cmp-emergency-medicine']],
  [/security forces|law|weapon|marksman|patrol/i, ['cmp-installation-security', 'cmp-weapons']],
  [/personnel|admin|record/i, ['cmp-personnel-programs']],
  [/logist|supply|transportation|cargo/i, ['cmp-logistics']],
  [/lead|supervis|nco|academy/i, ['cmp-leadership', 'cmp-instruction']],
  [/writ|brief/i, ['cmp-writing', 'cmp-intel-briefing']],
];

/** Specialties (AFSC with the skill level as X) and the framework competencies core to them. */
const specialtyAlignments: Readonly<Record<string, readonly string[]>> = {
  '3D0X2': ['cmp-systems-admin', 'cmp-scripting', 'cmp-cyber-defense'],
  '3D1X2': ['cmp-network-ops', 'cmp-rf-transmission', 'cmp-cyber-defense'],
  '1B4X1': ['cmp-cyber-defense', 'cmp-cyber-planning', 'cmp-scripting'],
  '17DX': ['cmp-cyber-planning', 'cmp-cyber-defense'],
  '1N0X1': ['cmp-intel-analysis', 'cmp-intel-briefing', 'cmp-geoint'],
  '1N1X1': ['cmp-geoint'],
  '1N4X1': ['cmp-sigint', 'cmp-intel-analysis'],
  '2A3X3': ['cmp-aircraft-systems', 'cmp-mx-inspection', 'cmp-flightline-safety'],
  '2A5X1': ['cmp-aircraft-systems', 'cmp-mx-inspection', 'cmp-flightline-safety'],
  '2A6X1': ['cmp-aircraft-systems', 'cmp-mx-inspection'],
  '4N0X1': ['cmp-patient-care', 'cmp-emergency-medicine'],
  '3P0X1': ['cmp-installation-security', 'cmp-weapons', 'cmp-emergency-medicine'],
  '3F0X1': ['cmp-personnel-programs'],
  '1C1X1': ['cmp-air-traffic', 'cmp-flightline-safety'],
  '2T2X1': ['cmp-logistics'],
  '2S0X1': ['cmp-logistics'],
};

const hobbies: readonly string[] = [
  'Python scripting',
  'Home network lab',
  'Ham radio',
  'Capture-the-flag cyber security contests',
  'Linux server tinkering',
  'First aid and CPR instructor',
  'Volunteer EMT',
  'Spanish',
  'German',
  'Public speaking',
  'Youth soccer coaching',
  'Team captain, base softball',
  'Tutoring math',
  'Photography',
  'Marathon running',
  'Woodworking',
  'Excel and data dashboards',
  'Amateur astronomy',
  'Marksmanship club',
  'Small engine repair',
  'Blogging and editing',
  'Drone flying (GIS mapping)',
];
const skillLevels: readonly (readonly [string, number])[] = [
  ['beginner', 3],
  ['intermediate', 4],
  ['advanced', 2],
  ['expert', 1],
];

/** 3D052 -> 3D0X2, 17D3 -> 17DX; anything else unchanged. */
export function specialtyOf(afsc: string): string {
  const code = afsc.trim().toUpperCase();
  if (/^\d[A-Z]\d[0-9X]\d$/.test(code)) return `${code.slice(0, 3)}X${code.slice(4)}`;
  if (/^\d\d[A-Z][1-4X]$/.test(code)) return `${code.slice(0, 3)}X`;
  return code;
}

/** What a course teaches: the topics its name names, then its students' main specialty's competencies; at most four. */
function competenciesOf(courseName: string, specialties: readonly string[]): string[] {
  const fromName = topicAlignments.filter(([pattern]) => pattern.test(courseName)).flatMap(([, ids]) => ids);
  const counts = new Map<string, number>();
  for (const s of specialties) if (s !== '') counts.set(s, (counts.get(s) ?? 0) + 1);
  const common = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
  const fromSpecialty = common ? (specialtyAlignments[common] ?? [`cmp-core-${common.toLowerCase()}`]) : [];
  const all = [...new Set([...fromName, ...fromSpecialty])].slice(0, 4);
  return all.length > 0 ? all : ['cmp-instruction'];
}

const isoDay = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);

/** Adds the plugin data; call inside the seed's transaction, after the rest of the demo data is written. */
export async function seedPluginData(q: Queryable, rng: Rng): Promise<void> {
  const repo = pluginDataRepo(q, new RowBuffer(q));
  const enrollments = await repo.enrollments();
  const created = SEED_BASE_TIME - 120 * SECONDS_PER_DAY;

  interface Objective {
    readonly badgeId: string;
    readonly objectiveId: string;
    readonly name: string;
    readonly lessonIds: readonly string[];
  }
  const catalogue = new Map<string, { badgeId: string; name: string; version: string; objectives: Objective[] }>();

  for (const course of await repo.courses()) {
    const lessons = await repo.lessonsOf(course.course_id);
    if (lessons.length === 0) continue;
    const specialties = enrollments.filter((e) => e.course_id === course.course_id).map((e) => specialtyOf(e.afsc));
    const competencies = competenciesOf(course.name, specialties);
    const objectives: Objective[] = [];
    for (let start = 0, n = 1; start < lessons.length; start += 2, n += 1) {
      const group = lessons.slice(start, start + 2);
      objectives.push({
        badgeId: `${course.course_id}-objective-${n}-badge`,
        objectiveId: `${course.course_id}-objective-${n}`,
        name: `Apply ${group.map((l) => l.name).join(' and ')}`,
        lessonIds: group.map((l) => l.lesson_id),
      });
    }
    const modules = lessons.map(
      (l, i): Omit<SeedCriterion, 'badgeId'> => ({
        kind: 'module',
        entryId: l.lesson_id,
        name: l.name,
        description: `Lesson ${i + 1} of ${course.name}`,
        position: i,
      }),
    );
    const courseBadgeId = `${course.course_id}-badge`;
    repo.addBadge(
      {
        badgeId: courseBadgeId,
        kind: 'course',
        name: `${course.name} graduate`,
        type: 'course',
        image: `badge-course-${course.course_id}`,
        proficiency: 3,
        description: `Completed every objective of ${course.name} (version ${course.version}).`,
        alignments: competencies.join(','),
        tags: 'course,graduate',
        courseId: course.course_id,
        createdAt: created,
      },
      [
        ...objectives.map((o, i) => ({
          badgeId: courseBadgeId,
          kind: 'objective' as const,
          entryId: o.objectiveId,
          name: o.name,
          description: `Objective ${i + 1} of ${course.name}`,
          position: i,
        })),
        ...modules.map((m) => ({ ...m, badgeId: courseBadgeId })),
      ],
    );
    objectives.forEach((o, i) => {
      repo.addBadge(
        {
          badgeId: o.badgeId,
          kind: 'objective',
          name: o.name,
          type: 'objective',
          image: `badge-objective-${o.objectiveId}`,
          proficiency: 2,
          description: `Met objective ${i + 1} of ${course.name}.`,
          alignments: competencies[i % competencies.length] ?? '',
          tags: 'objective',
          courseId: course.course_id,
          createdAt: created,
        },
        [
          {
            badgeId: o.badgeId,
            kind: 'objective',
            entryId: o.objectiveId,
            name: o.name,
            description: `Objective ${i + 1} of ${course.name}`,
            position: 0,
          },
          ...modules
            .filter((m) => o.lessonIds.includes(m.entryId))
            .map((m, position) => ({ ...m, badgeId: o.badgeId, position })),
        ],
      );
    });
    catalogue.set(course.course_id, {
      badgeId: courseBadgeId,
      name: `${course.name} graduate`,
      version: course.version,
      objectives,
    });
  }

  const earned = rng.fork('badge-assertions');
  for (const enrollment of enrollments) {
    const course = catalogue.get(enrollment.course_id);
    if (!course) continue;
    const progress = earned.float(0, 1);
    let held = 0;
    let day = earned.int(20, 90);
    const issue = (badgeId: string, name: string, type: string, lessonId: string) => {
      const issuedAt = SEED_BASE_TIME - day * SECONDS_PER_DAY;
      repo.addAssertion({
        userId: enrollment.user_id,
        badgeId,
        name,
        type,
        image: `badge-${type}-${badgeId}`,
        issuedOn: isoDay(issuedAt),
        issuerName: enrollment.org_name ?? 'Training Squadron',
        lessonId,
        classId: enrollment.class_id,
        versionId: course.version,
        createdAt: issuedAt,
      });
      day = Math.max(1, day - earned.int(3, 12));
    };
    for (const objective of course.objectives) {
      if (earned.next() >= progress) continue;
      held += 1;
      issue(objective.badgeId, objective.name, 'objective', objective.lessonIds[objective.lessonIds.length - 1] ?? '');
    }
    const lastLesson = course.objectives.at(-1)?.lessonIds.at(-1);
    if (held === course.objectives.length && lastLesson && earned.chance(0.8)) {
      issue(course.badgeId, course.name, 'course', lastLesson);
    }
  }

  const claims = rng.fork('other-skills');
  for (const member of await repo.members()) {
    const count = claims.weighted([
      [0, 2],
      [1, 3],
      [2, 3],
      [3, 2],
    ] as const);
    claims.sample(hobbies, count).forEach((expertise, position) => {
      repo.addSkill(member.user_id, position, expertise, claims.weighted(skillLevels));
    });
  }
  await repo.flush();
}
