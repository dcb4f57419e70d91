/**
 * The fixed identifiers of the demo dataset. Tests, e2e journeys, the sample
 * plugin and docs/demo-data.md rely on them, so they never change with the
 * seed number (everything generated around them does). See
 * docs/demo-data.md for who is who and what each one can show.
 */
export const demoIds = {
  apps: {
    /** Sandbox, holds the training scope: the dashboard's default client. */
    training: 'sandbox-trainer-dashboard',
    /** Sandbox, no scopes: the comment routes refuse it (missing training scope). */
    noTraining: 'sandbox-no-training',
    /** Production, training scope: a sandbox service refuses nothing of it, a production one accepts it. */
    production: 'prod-trainer-dashboard',
  },
  plugins: {
    /** Sandbox, every permission, orgs trainingWing + fighterWing, mission planner at `pluginUrls`. */
    coach: { clientId: 'sandbox-plugin-coach', clientSecret: 'coach-secret-sandbox-2026' },
    /** Sandbox, only record-data, org airBaseWing, no mission planner addresses. */
    limited: { clientId: 'sandbox-plugin-limited', clientSecret: 'limited-secret-sandbox-2026' },
    /** Production, every permission, all three orgs, no mission planner addresses. */
    production: { clientId: 'prod-plugin-coach', clientSecret: 'coach-secret-production-2026' },
  },
  /** Where the sample plugin listens for the service's mission planner calls. */
  pluginUrls: {
    capabilities: 'http://127.0.0.1:8090/capabilities',
    candidates: 'http://127.0.0.1:8090/candidates',
  },
  orgs: {
    trainingWing: 'org-81trw',
    fighterWing: 'org-1fw',
    airBaseWing: 'org-99abw',
  },
  courses: {
    /** Cyber Systems Operations (3D0X2), trainingWing. */
    cyber: 'crs-cyber',
    /** Cyber Transport Systems (3D1X2), trainingWing. */
    network: 'crs-network',
    /** Tactical Aircraft Maintenance (2A3X3), fighterWing. */
    aircraft: 'crs-aircraft',
    /** Aerospace Medical Service (4N0X1), airBaseWing. */
    medical: 'crs-medical',
  },
  /** Lesson ids of each course, in position order. */
  lessons: {
    cyber: ['les-cyber-1', 'les-cyber-2', 'les-cyber-3', 'les-cyber-4', 'les-cyber-5', 'les-cyber-6', 'les-cyber-7'],
    network: ['les-network-1', 'les-network-2', 'les-network-3', 'les-network-4', 'les-network-5'],
    aircraft: [
      'les-aircraft-1',
      'les-aircraft-2',
      'les-aircraft-3',
      'les-aircraft-4',
      'les-aircraft-5',
      'les-aircraft-6',
    ],
    medical: [
      'les-medical-1',
      'les-medical-2',
      'les-medical-3',
      'les-medical-4',
      'les-medical-5',
      'les-medical-6',
      'les-medical-7',
      'les-medical-8',
    ],
  },
  classes: {
    /** Cyber Systems Ops 26-A (course cyber): trainer. The demo student and the no-picture student. */
    cyberA: 'cls-cyber-26a',
    /** Cyber Systems Ops 26-B (course cyber): civilianTrainer. */
    cyberB: 'cls-cyber-26b',
    /** Cyber Transport 26-A (course network): trainer. The demo student's second class. */
    networkA: 'cls-network-26a',
    /** Tactical Aircraft Maintenance 26-A (course aircraft): trainer2. */
    aircraftA: 'cls-aircraft-26a',
    /** Aerospace Medical Service 26-A (course medical): medicalTrainer. */
    medicalA: 'cls-medical-26a',
  },
  users: {
    /** MSgt Dana Okafor: trainer of two classes (cyberA, networkA). */
    trainer: 'usr-d01',
    /** TSgt Marcus Webb: trainer of one class (aircraftA). */
    trainer2: 'usr-d02',
    /** Linda Chen, GS-12 civilian: trainer of cyberB. */
    civilianTrainer: 'usr-d03',
    /** A1C Jordan Lee: trainee in cyberA and networkA (two studentIds), friends with the family. */
    student: 'usr-d04',
    /** Amn Sam Patel (GB): trainee in cyberA with no profile picture and no cover photo. */
    studentNoPicture: 'usr-d05',
    /** Ana Rivera: Parent account (adult), GS-11 civilian. */
    parent: 'usr-d06',
    /** Mateo Rivera: Kid account (child), camera disabled, proximity friends off. */
    kid: 'usr-d07',
    /** Sofía Rivera: teen-minor Kid account, camera allowed, proximity friends on. */
    teen: 'usr-d08',
    /** Capt Kwame Mensah: trainer of medicalA. */
    medicalTrainer: 'usr-d09',
  },
  /** Enrollment ids (one `students` row per user and class): what comments and notes name. */
  students: {
    /** The demo student in the trainer's class cyberA. */
    studentCyber: 'stu-d04-cyber',
    /** The demo student in the trainer's class networkA. */
    studentNetwork: 'stu-d04-network',
    /** The no-picture student in cyberA. */
    noPictureCyber: 'stu-d05-cyber',
  },
  /** Comments by the trainer about the demo student in cyberA whose text must render as text. */
  comments: {
    script: 'cmt-demo-script',
    sql: 'cmt-demo-sql',
    unicode: 'cmt-demo-unicode',
  },
  /** Notes by the trainer about the demo student: one of each category, and two with awkward text. */
  notes: {
    lesson: 'note-demo-lesson',
    course: 'note-demo-course',
    user: 'note-demo-user',
    script: 'note-demo-script',
    unicode: 'note-demo-unicode',
  },
} as const;

/**
 * The plugin the benchmarks' bulk databases register (testkit/bulk-data.ts):
 * not part of the demo, but its secret is published here all the same.
 */
export const benchPlugin = {
  clientId: 'bench-plugin',
  clientSecret: 'bench-plugin-secret-not-for-production',
} as const;
