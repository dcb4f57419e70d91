/**
 * The sample plugin's competency framework: what each Air Force specialty
 * (AFSC) needs, and how an AFSC's skill-level digit reads as a competency
 * level. Badges on the platform align to these competency ids through their
 * `alignments` field (comma-separated ids), which is how the plugin links a
 * competency to the courses and objectives that teach it.
 */
import type { CompetencyLevel, KnowledgeLevel } from '../contract/mission-planner.ts';

export interface FrameworkCompetency {
  readonly competencyId: string;
  readonly title: string;
  /** Specialties (AFSC with the skill-level digit as X: 3D0X2, 17DX) the competency is core to. */
  readonly specialties: readonly string[];
  /** Words a self-claimed skill may use for it (lower case). */
  readonly keywords: readonly string[];
}

const c = (
  competencyId: string,
  title: string,
  specialties: readonly string[],
  keywords: readonly string[],
): FrameworkCompetency => ({ competencyId, title, specialties, keywords });

/** Competencies of specialties, in the order a position lists them. */
export const specialtyCompetencies: readonly FrameworkCompetency[] = [
  c(
    'cmp-cyber-defense',
    'Cyber defense and incident response',
    ['3D0X2', '3D1X2', '1B4X1', '17DX'],
    ['cyber', 'security', 'incident', 'ctf'],
  ),
  c('cmp-network-ops', 'Network operations', ['3D1X2', '3D0X2', '17DX'], ['network', 'routing', 'cisco', 'ham radio']),
  c('cmp-systems-admin', 'Systems administration', ['3D0X2'], ['linux', 'windows server', 'sysadmin', 'server']),
  c(
    'cmp-scripting',
    'Automation and scripting',
    ['3D0X2', '1B4X1'],
    ['python', 'scripting', 'programming', 'coding', 'powershell'],
  ),
  c('cmp-rf-transmission', 'RF transmission systems', ['3D1X2'], ['radio', 'antenna', 'rf', 'satellite']),
  c('cmp-cyber-planning', 'Cyberspace operations planning', ['17DX', '1B4X1'], ['planning', 'operations']),
  c(
    'cmp-intel-analysis',
    'All-source intelligence analysis',
    ['1N0X1', '1N4X1', '14NX'],
    ['intelligence', 'analysis', 'osint'],
  ),
  c(
    'cmp-intel-briefing',
    'Intelligence briefing and reporting',
    ['1N0X1', '14NX'],
    ['briefing', 'public speaking', 'reporting'],
  ),
  c('cmp-geoint', 'Geospatial intelligence', ['1N1X1', '1N0X1'], ['gis', 'imagery', 'maps', 'geospatial']),
  c('cmp-sigint', 'Signals and network intelligence', ['1N4X1', '1N2X1'], ['signals', 'sigint', 'network analysis']),
  c(
    'cmp-aircraft-systems',
    'Aircraft systems maintenance',
    ['2A3X3', '2A5X1', '2A6X1'],
    ['aircraft', 'mechanic', 'engine', 'aviation'],
  ),
  c(
    'cmp-mx-inspection',
    'Maintenance inspection and troubleshooting',
    ['2A3X3', '2A5X1', '2A6X1'],
    ['troubleshooting', 'inspection', 'electronics'],
  ),
  c('cmp-flightline-safety', 'Flightline safety', ['2A3X3', '2A5X1', '2A6X1', '1C1X1'], ['safety', 'flightline']),
  c('cmp-patient-care', 'Patient care', ['4N0X1', '46NX'], ['first aid', 'emt', 'nursing', 'patient']),
  c(
    'cmp-emergency-medicine',
    'Emergency medical response',
    ['4N0X1', '46NX', '3P0X1'],
    ['emt', 'first aid', 'cpr', 'paramedic'],
  ),
  c('cmp-installation-security', 'Installation security', ['3P0X1', '31PX'], ['security', 'law enforcement', 'patrol']),
  c('cmp-weapons', 'Weapons handling and qualification', ['3P0X1', '31PX'], ['marksmanship', 'shooting', 'weapons']),
  c('cmp-personnel-programs', 'Personnel programs and records', ['3F0X1', '38FX'], ['records', 'administration', 'hr']),
  c('cmp-air-traffic', 'Air traffic control', ['1C1X1', '13MX'], ['air traffic', 'aviation', 'radar']),
  c(
    'cmp-logistics',
    'Logistics and supply chain',
    ['2T2X1', '2S0X1', '21RX'],
    ['logistics', 'supply', 'transportation'],
  ),
];

/** Cross-cutting competencies any position may add (offered as additional competencies). */
export const generalCompetencies: readonly FrameworkCompetency[] = [
  c('cmp-leadership', 'Supervision and leadership', [], ['leadership', 'coaching', 'mentoring', 'team captain']),
  c('cmp-instruction', 'Instruction and mentoring', [], ['teaching', 'tutoring', 'instructor', 'mentoring']),
  c('cmp-writing', 'Written communication', [], ['writing', 'editing', 'blogging']),
  c('cmp-data-analysis', 'Data analysis', [], ['excel', 'statistics', 'data', 'spreadsheets']),
  c('cmp-language', 'Foreign language', [], ['spanish', 'french', 'german', 'arabic', 'korean', 'language']),
];

const everyCompetency = new Map([...specialtyCompetencies, ...generalCompetencies].map((k) => [k.competencyId, k]));

/** A specialty the framework does not know still gets one competency: its core duties. */
export function coreDutiesOf(specialty: string): FrameworkCompetency {
  return c(`cmp-core-${specialty.toLowerCase()}`, `Core duties of AFSC ${specialty}`, [specialty], []);
}

export function findCompetency(competencyId: string): FrameworkCompetency | undefined {
  const known = everyCompetency.get(competencyId);
  if (known) return known;
  const core = /^cmp-core-([a-z0-9]{2,10})$/.exec(competencyId);
  return core?.[1] ? coreDutiesOf(core[1].toUpperCase()) : undefined;
}

export interface ParsedAfsc {
  /** The AFSC with its skill-level digit as X: 3D052 -> 3D0X2, 17D3 -> 17DX. */
  readonly specialty: string;
  /** The first two characters: 3D (cyberspace support), 1N (intelligence), 17 (cyber officers). */
  readonly careerField: string;
  /** What the skill-level digit says; null when the AFSC names no level (3D0X2) or a helper (1). */
  readonly level: CompetencyLevel | null;
}

const enlistedLevels: Record<string, CompetencyLevel | null> = {
  '1': null,
  '3': 'basic',
  '5': 'intermediate',
  '7': 'advanced',
  '9': 'expert',
  '0': 'expert',
  X: null,
};
const officerLevels: Record<string, CompetencyLevel | null> = {
  '1': 'basic',
  '2': 'intermediate',
  '3': 'advanced',
  '4': 'expert',
  X: null,
};

/**
 * Reads an AFSC: enlisted ones are five characters with the skill level
 * fourth (3D052: 5-level, journeyman); officer ones four with the
 * qualification level last (17D3: qualified). Anything else is kept whole.
 */
export function parseAfsc(afsc: string): ParsedAfsc {
  const code = afsc.trim().toUpperCase();
  const enlisted = /^(\d[A-Z]\d)([0-9X])(\d)$/.exec(code);
  if (enlisted?.[1] && enlisted[2] && enlisted[3]) {
    return {
      specialty: `${enlisted[1]}X${enlisted[3]}`,
      careerField: code.slice(0, 2),
      level: enlistedLevels[enlisted[2]] ?? null,
    };
  }
  const officer = /^(\d\d[A-Z])([1-4X])$/.exec(code);
  if (officer?.[1] && officer[2]) {
    return { specialty: `${officer[1]}X`, careerField: code.slice(0, 2), level: officerLevels[officer[2]] ?? null };
  }
  return { specialty: code, careerField: code.slice(0, 2), level: null };
}

/** The level a position of this knowledge level prefers in its core competencies. */
export const preferredLevelOf: Record<KnowledgeLevel, CompetencyLevel> = {
  apprentice: 'basic',
  journeyman: 'intermediate',
  craftsman: 'advanced',
  superintendent: 'expert',
};

export function careerFieldOf(specialty: string): string {
  return specialty.slice(0, 2);
}
