/**
 * The fixed part of the demo dataset and the word lists the generated part
 * draws from: organisations, courses with their lessons, classes and their
 * trainers, the named demo people, names, grades and remark templates.
 */
import { demoIds as ids } from './demo-ids.ts';

export const orgs = [
  { id: ids.orgs.trainingWing, name: '81st Training Wing (Keesler AFB)' },
  { id: ids.orgs.fighterWing, name: '1st Fighter Wing (JB Langley-Eustis)' },
  { id: ids.orgs.airBaseWing, name: '99th Air Base Wing (Nellis AFB)' },
] as const;

export interface CourseSpec {
  readonly id: string;
  readonly name: string;
  readonly version: string;
  readonly orgId: string;
  /** The AFSC its trainees work towards. */
  readonly afsc: string;
  /** Duty title of a trainee in it. */
  readonly dutyTitle: string;
  /** Job series of a civilian trainee in it. */
  readonly civilianSeries: readonly [string, string];
  readonly lessons: readonly { readonly id: string; readonly name: string }[];
}

const lessonsOf = (lessonIds: readonly string[], names: readonly string[]) =>
  lessonIds.map((id, i) => ({ id, name: names[i] ?? `Lesson ${i + 1}` }));

export const courses: readonly CourseSpec[] = [
  {
    id: ids.courses.cyber,
    name: 'Cyber Systems Operations Apprentice',
    version: '2026.1',
    orgId: ids.orgs.trainingWing,
    afsc: '3D0X2',
    dutyTitle: 'Cyber Systems Operations Apprentice',
    civilianSeries: ['2210', 'IT Specialist (SYSADMIN)'],
    lessons: lessonsOf(ids.lessons.cyber, [
      'Orientation and cyber safety',
      'Windows Server administration',
      'Linux system administration',
      'Active Directory and Group Policy',
      'Scripting with PowerShell and Bash',
      'Backup and recovery',
      'Incident response basics',
    ]),
  },
  {
    id: ids.courses.network,
    name: 'Cyber Transport Systems Apprentice',
    version: '2025.3',
    orgId: ids.orgs.trainingWing,
    afsc: '3D1X2',
    dutyTitle: 'Cyber Transport Apprentice',
    civilianSeries: ['2210', 'IT Specialist (NETWORK)'],
    lessons: lessonsOf(ids.lessons.network, [
      'Transmission fundamentals',
      'Routing and switching',
      'Fiber optics and cabling',
      'Network monitoring',
      'Outage restoration drills',
    ]),
  },
  {
    id: ids.courses.aircraft,
    name: 'Tactical Aircraft Maintenance (F-15/F-22)',
    version: '2025.4',
    orgId: ids.orgs.fighterWing,
    afsc: '2A3X3',
    dutyTitle: 'Crew Chief Apprentice',
    civilianSeries: ['8852', 'Aircraft Mechanic'],
    lessons: lessonsOf(ids.lessons.aircraft, [
      'Flightline safety',
      'Technical orders and forms',
      'Launch and recovery',
      'Servicing and inspections',
      'Engine run-up',
      'Corrosion control',
    ]),
  },
  {
    id: ids.courses.medical,
    name: 'Aerospace Medical Service Apprentice',
    version: '2026.2',
    orgId: ids.orgs.airBaseWing,
    afsc: '4N0X1',
    dutyTitle: 'Aerospace Medical Technician',
    civilianSeries: ['0640', 'Health Technician'],
    lessons: lessonsOf(ids.lessons.medical, [
      'Medical terminology',
      'Vital signs and patient assessment',
      'Basic life support',
      'Airway management',
      'Tactical combat casualty care',
      'Medication administration',
      'Patient movement and aeromedical evacuation',
      'Clinical rotation preparation',
    ]),
  },
];

export interface ClassSpec {
  readonly id: string;
  readonly name: string;
  readonly courseId: string;
  readonly orgId: string;
  readonly trainers: readonly string[];
}

export const classes: readonly ClassSpec[] = [
  {
    id: ids.classes.cyberA,
    name: 'Cyber Systems Ops 26-A',
    courseId: ids.courses.cyber,
    orgId: ids.orgs.trainingWing,
    // Two trainers: what one writes about a student, the other reads (the forms say so).
    trainers: [ids.users.trainer, ids.users.civilianTrainer],
  },
  {
    id: ids.classes.cyberB,
    name: 'Cyber Systems Ops 26-B',
    courseId: ids.courses.cyber,
    orgId: ids.orgs.trainingWing,
    trainers: [ids.users.civilianTrainer],
  },
  {
    id: ids.classes.networkA,
    name: 'Cyber Transport 26-A',
    courseId: ids.courses.network,
    orgId: ids.orgs.trainingWing,
    trainers: [ids.users.trainer],
  },
  {
    id: ids.classes.aircraftA,
    name: 'Tactical Aircraft Maintenance 26-A',
    courseId: ids.courses.aircraft,
    orgId: ids.orgs.fighterWing,
    trainers: [ids.users.trainer2],
  },
  {
    id: ids.classes.medicalA,
    name: 'Aerospace Medical Service 26-A',
    courseId: ids.courses.medical,
    orgId: ids.orgs.airBaseWing,
    trainers: [ids.users.medicalTrainer],
  },
];

/** One person as the generator writes them; an absent optional field is stored as NULL. */
export interface Person {
  readonly userId: string;
  readonly handle: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly userType: 'adult' | 'child' | 'teen-minor';
  readonly accountType: 'Adult' | 'Parent' | 'Kid';
  readonly country: string;
  readonly email: string;
  readonly orgId: string | null;
  readonly trainer?: boolean;
  readonly trainee?: boolean;
  readonly afsc?: string;
  readonly education?: string;
  readonly militaryGrade?: string;
  readonly displayRank?: string;
  readonly gender?: string;
  readonly displayDutyTitle?: string;
  readonly civilianGrade?: string;
  readonly civilianBand?: string;
  readonly jobSeriesNumber?: string;
  readonly jobTitle?: string;
  readonly cameraDisabled?: boolean;
  readonly proximityFriends?: boolean;
  /** false: no profile picture and no cover photo. */
  readonly pictures?: boolean;
}

export const fixedPeople: readonly Person[] = [
  {
    userId: ids.users.trainer,
    handle: '@dokafor',
    firstName: 'Dana',
    lastName: 'Okafor',
    userType: 'adult',
    accountType: 'Adult',
    country: 'US',
    email: 'dana.okafor@example.mil',
    orgId: ids.orgs.trainingWing,
    trainer: true,
    afsc: '3D0X2',
    education: 'MS Cybersecurity',
    militaryGrade: 'E-7',
    displayRank: 'MSgt',
    gender: 'Female',
    displayDutyTitle: 'Cyber Systems Instructor Supervisor',
  },
  {
    userId: ids.users.trainer2,
    handle: '@mwebb',
    firstName: 'Marcus',
    lastName: 'Webb',
    userType: 'adult',
    accountType: 'Adult',
    country: 'US',
    email: 'marcus.webb@example.mil',
    orgId: ids.orgs.fighterWing,
    trainer: true,
    afsc: '2A3X3',
    education: 'AAS Aviation Maintenance Technology',
    militaryGrade: 'E-6',
    displayRank: 'TSgt',
    gender: 'Male',
    displayDutyTitle: 'Flightline Training Manager',
  },
  {
    userId: ids.users.civilianTrainer,
    handle: '@lchen',
    firstName: 'Linda',
    lastName: 'Chen',
    userType: 'adult',
    accountType: 'Adult',
    country: 'US',
    email: 'linda.chen@example.mil',
    orgId: ids.orgs.trainingWing,
    trainer: true,
    education: 'MEd Instructional Design',
    gender: 'Female',
    displayDutyTitle: 'Cyber Training Instructor',
    civilianGrade: 'GS-12',
    civilianBand: 'Full Performance',
    jobSeriesNumber: '1712',
    jobTitle: 'Training Instructor',
  },
  {
    userId: ids.users.student,
    handle: '@jlee',
    firstName: 'Jordan',
    lastName: 'Lee',
    userType: 'adult',
    accountType: 'Adult',
    country: 'US',
    email: 'jordan.lee@example.mil',
    orgId: ids.orgs.trainingWing,
    trainee: true,
    afsc: '3D0X2',
    education: 'Some college',
    militaryGrade: 'E-3',
    displayRank: 'A1C',
    gender: 'Non-binary',
    displayDutyTitle: 'Cyber Systems Operations Apprentice',
  },
  {
    userId: ids.users.studentNoPicture,
    handle: '@spatel',
    firstName: 'Sam',
    lastName: 'Patel',
    userType: 'adult',
    accountType: 'Adult',
    country: 'GB',
    email: 'sam.patel@example.mil',
    orgId: ids.orgs.trainingWing,
    trainee: true,
    afsc: '3D0X2',
    education: 'High school diploma',
    militaryGrade: 'E-2',
    displayRank: 'Amn',
    pictures: false,
  },
  {
    userId: ids.users.parent,
    handle: '@arivera',
    firstName: 'Ana',
    lastName: 'Rivera',
    userType: 'adult',
    accountType: 'Parent',
    country: 'US',
    email: 'ana.rivera@example.com',
    orgId: ids.orgs.airBaseWing,
    education: 'BS Information Systems',
    gender: 'Female',
    displayDutyTitle: 'Help Desk Lead',
    civilianGrade: 'GS-11',
    civilianBand: 'Full Performance',
    jobSeriesNumber: '2210',
    jobTitle: 'IT Specialist (CUSTSPT)',
  },
  {
    userId: ids.users.kid,
    handle: '@mateo.r',
    firstName: 'Mateo',
    lastName: 'Rivera',
    userType: 'child',
    accountType: 'Kid',
    country: 'US',
    email: '',
    orgId: null,
    cameraDisabled: true,
    proximityFriends: false,
  },
  {
    userId: ids.users.teen,
    handle: '@sofia.r',
    firstName: 'Sofía',
    lastName: 'Rivera',
    userType: 'teen-minor',
    accountType: 'Kid',
    country: 'US',
    email: 'sofia.rivera@example.com',
    orgId: null,
    gender: 'Female',
    cameraDisabled: false,
    proximityFriends: true,
  },
  {
    userId: ids.users.medicalTrainer,
    handle: '@kmensah',
    firstName: 'Kwame',
    lastName: 'Mensah',
    userType: 'adult',
    accountType: 'Adult',
    country: 'US',
    email: 'kwame.mensah@example.mil',
    orgId: ids.orgs.airBaseWing,
    trainer: true,
    afsc: '46N3',
    education: 'MSN Nursing',
    militaryGrade: 'O-3',
    displayRank: 'Capt',
    gender: 'Male',
    displayDutyTitle: 'Clinical Nurse Instructor',
  },
];

/** Fixed enrollments: [studentId, userId, classId]. */
export const fixedEnrollments: readonly (readonly [string, string, string])[] = [
  [ids.students.studentCyber, ids.users.student, ids.classes.cyberA],
  [ids.students.studentNetwork, ids.users.student, ids.classes.networkA],
  [ids.students.noPictureCyber, ids.users.studentNoPicture, ids.classes.cyberA],
];

/** Fixed friendships (stored in both directions). */
export const fixedFriendships: readonly (readonly [string, string])[] = [
  [ids.users.parent, ids.users.kid],
  [ids.users.parent, ids.users.teen],
  [ids.users.kid, ids.users.teen],
  [ids.users.student, ids.users.teen],
  [ids.users.student, ids.users.kid],
  [ids.users.student, ids.users.parent],
  [ids.users.student, ids.users.studentNoPicture],
  [ids.users.student, ids.users.civilianTrainer],
  [ids.users.trainer, ids.users.trainer2],
  [ids.users.trainer, ids.users.civilianTrainer],
  [ids.users.trainer, ids.users.medicalTrainer],
  [ids.users.trainer2, ids.users.medicalTrainer],
];

export const firstNames = [
  'Aiden',
  'Brianna',
  'Carlos',
  'Destiny',
  'Elijah',
  'Fatima',
  'Gabriel',
  'Hannah',
  'Isaiah',
  'Jasmine',
  'Kai',
  'Leah',
  'Malik',
  'Nadia',
  'Owen',
  'Priya',
  'Quinn',
  'Rosa',
  'Tyler',
  'Uma',
  'Victor',
  'Wei',
  'Xavier',
  'Yara',
  'Zoë',
  'José',
  'Chloé',
  'Brandon',
  'Kayla',
  'DeShawn',
  'Emily',
  'Mason',
];
export const lastNames = [
  'Adams',
  'Baker',
  'Castillo',
  'Dubois',
  'Evans',
  'Fischer',
  'Garcia',
  'Hughes',
  'Jackson',
  'Johnson',
  'Kowalski',
  'Lopez',
  'Martin',
  'Nguyen',
  "O'Brien",
  'Okonkwo',
  'Quintero',
  'Robinson',
  'Singh',
  'Thompson',
  'Vasquez',
  'Walker',
  'Washington',
  'Zimmerman',
];
/** Names for the few allied and overseas-born members (country not US). */
export const namesByCountry: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  GB: [
    ['Oliver', 'Hughes'],
    ['Amelia', 'Clarke'],
    ['Harry', 'Whitfield'],
  ],
  DE: [
    ['Lukas', 'Schneider'],
    ['Lea', 'Müller'],
    ['Jonas', 'Becker'],
  ],
  JP: [
    ['Haruto', 'Sato'],
    ['Yui', 'Takahashi'],
    ['Ren', 'Watanabe'],
  ],
  KR: [
    ['Min-jun', 'Kim'],
    ['Seo-yeon', 'Park'],
    ['Ji-ho', 'Choi'],
  ],
};
export const countries: readonly (readonly [string, number])[] = [
  ['US', 34],
  ['GB', 2],
  ['DE', 1],
  ['JP', 1],
  ['KR', 1],
];
export const enlistedGrades: readonly (readonly [readonly [string, string], number])[] = [
  [['E-1', 'AB'], 2],
  [['E-2', 'Amn'], 5],
  [['E-3', 'A1C'], 8],
  [['E-4', 'SrA'], 4],
  [['E-5', 'SSgt'], 1],
];
export const genders: readonly (readonly [string, number])[] = [
  ['Male', 5],
  ['Female', 4],
  ['Non-binary', 1],
];
export const educations = [
  'High school diploma',
  'Some college',
  'CCAF Associate in Applied Science',
  'BS Information Technology',
  'GED',
] as const;

/** Trainer remarks; `{lesson}` is a lesson name, `{first}` the student's first name. */
export const lessonRemarks = [
  'Solid work on {lesson}; ready to move on.',
  'Needs another pass through {lesson} before the block test.',
  'Asked sharp questions during {lesson}. Keep it up.',
  'Helped a classmate through {lesson} without being asked.',
  'Passed the {lesson} performance evaluation on the first attempt.',
  'Missed two checklist steps in {lesson}; re-demonstrated and signed off.',
  'Scored {score}% on the {lesson} knowledge check.',
  'Requested extra lab time for {lesson}; approved for evening study hall.',
  '{first} led the group exercise in {lesson} and kept the team on the time hack.',
  'Struggled with {lesson}; scheduled one-on-one remediation Thursday 0730.',
];
export const generalRemarks = [
  'Late to formation twice this week; discussed expectations.',
  'Excellent attention to detail on the practical.',
  'Documentation is incomplete; follow the technical order step by step.',
  'Shows leadership potential; recommended for class leader.',
  'Good progress overall. Watch the time on hands-on tasks.',
  'Block test score {score}%; no retest required.',
  'Missed Tuesday for a medical appointment; make-up work assigned.',
  '{first} briefed the class on safety today: clear, concise, within time.',
];
export const lessonNoteTexts = [
  'Follow up on {lesson}: practice drills assigned.',
  'Re-evaluate {lesson} hands-on task next week.',
  'Walked through the {lesson} checklist together; confident now.',
  'Needs more reps on {lesson} before the performance check.',
];
export const courseNoteTexts = [
  'On track for graduation; recommend for distinguished graduate consideration.',
  'Strong practical skills, weaker on theory. Pair with a study partner.',
  'Course progress is behind by one block; remediation plan agreed.',
  'Consistently prepared; no concerns this course.',
];
export const userNoteTexts = [
  'Prefers written feedback; check in after each block test.',
  'Discussed study plan; check back in two weeks.',
  'Met with supervisor about progress; no concerns.',
  'Eligible for the peer tutoring program.',
];

/** Text that must render as text: fixed ids, a small labelled minority (docs/demo-data.md). */
export const awkwardComments = [
  {
    id: ids.comments.script,
    text: 'Pasted <script>alert(1)</script> into the lab report; it shows as text, never runs.',
  },
  { id: ids.comments.sql, text: "Robert'); DROP TABLE comments;-- is what the student typed as a call sign." },
  { id: ids.comments.unicode, text: 'Très bien, Jordan! 👏 Great teamwork on the drill ✔️ — naïve café résumé 日本語' },
] as const;
export const awkwardNotes = [
  { id: ids.notes.script, text: 'Note with markup: <img src=x onerror=alert(2)> <b>not bold</b> &amp; entities' },
  { id: ids.notes.unicode, text: 'Zoë asked about the über-hard quiz 🤓 — señor, ça va? Emoji 🎖️🇺🇸 and Ω≈ç√' },
] as const;
