/**
 * The words of the matrix, the same on the page, in the CSV file and on
 * paper: a cell, a placement, a projection (always said to be one), and the
 * training by name (by id where the plugin could not name it).
 */
import type { RecommendedAction } from '../../../contract/mission-planner';
import { exportFileName } from '../../lib/export/csv';
import {
  type Cell,
  type Placement,
  type Projection,
  parseTrainingKey,
  type ReadinessMatrix,
  type TrainingKey,
  trainingKey,
} from './readiness-model';

/** A name for a course or objective id, where one is known. */
export type TrainingNamer = (key: TrainingKey) => string | undefined;

export function trainingName(key: TrainingKey, name: TrainingNamer): string {
  const named = name(key);
  if (named !== undefined) return named;
  const { type, id } = parseTrainingKey(key);
  return `${type === 'course' ? 'Course' : 'Objective'} ${id}`;
}

export function actionsText(actions: readonly RecommendedAction[], name: TrainingNamer): string {
  const parts = actions.flatMap((action) =>
    action.objectIds.length === 0
      ? []
      : [
          `${action.type === 'course' ? 'courses' : 'objectives'}: ${action.objectIds
            .map((id) => trainingName(trainingKey(action.type, id), name))
            .join(', ')}`,
        ],
  );
  return parts.length > 0 ? parts.join('; ') : 'no training recommended';
}

export function cellText(cell: Cell, name: TrainingNamer): string {
  switch (cell.kind) {
    case 'ready':
      return 'Ready';
    case 'unknown':
      return 'Not known';
    case 'gap': {
      const level = cell.currentLevel === undefined ? '' : ` (now ${cell.currentLevel ?? 'no evidence'})`;
      const planned = cell.closedByPlan ? ' [closed by planned training: projection]' : '';
      return `Gap${level}: ${actionsText(cell.actions, name)}${planned}`;
    }
  }
}

export const placementText: Record<Placement, string> = {
  ready: 'Ready',
  recommended: 'Recommended',
  unknown: 'Not known: the plugin did not return them',
};

export const projectionText: Record<Projection, string> = {
  ready: 'Ready already',
  'becomes-ready': 'Would become ready',
  'gaps-remain': 'Gaps remain',
  unknown: 'Not known',
};

export interface ReadinessExport {
  readonly className: string;
  readonly matrix: ReadinessMatrix;
  readonly name: TrainingNamer;
  /** The newest entry's words per student (userId). */
  readonly evidence: (userId: string) => string;
  readonly recordUrl: (userId: string) => string;
}

export function readinessRows({ matrix, name, evidence, recordUrl }: ReadinessExport): string[][] {
  const several = matrix.positions.length > 1;
  const header = [
    'Student',
    ...matrix.positions.map((title) => `Placed by the plugin: ${title}`),
    ...matrix.columns.map((c) => (several ? `${c.positionTitle}: ${c.title}` : c.title)),
    ...matrix.positions.map((title) => `Projection: ${title}`),
    'Planned training (what-if)',
    'Newest entry',
    'Record',
  ];
  const rows = matrix.rows.map((row) => [
    row.member.name,
    ...row.placements.map((p) => placementText[p]),
    ...row.cells.map((cell) => cellText(cell, name)),
    ...row.projections.map((p) => projectionText[p]),
    row.planned.map((key) => trainingName(key, name)).join(', '),
    evidence(row.member.userId),
    recordUrl(row.member.userId),
  ]);
  const lacking = [
    'Lacking',
    ...matrix.positions.map(() => ''),
    ...matrix.counts.map((c) => `${c.lacking} of ${c.known}${c.unknown > 0 ? ` (${c.unknown} not known)` : ''}`),
    ...matrix.positions.map(() => ''),
    '',
    '',
    '',
  ];
  return [header, ...rows, lacking];
}

export const readinessFileName = (className: string, today: Date) => exportFileName(['readiness', className], today);
