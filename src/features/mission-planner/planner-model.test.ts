import { describe, expect, it } from 'vitest';
import {
  type PlannerCandidatesResult,
  type PlannerCapabilitiesResult,
  plannerCandidatesResultSchema,
  plannerCapabilitiesResultSchema,
} from '../../../contract/mission-planner';
import { ApiError } from '../../lib/api/api-error';
import { coachAnswer } from '../../test/planner-fixtures';
import {
  initialPlannerState,
  newPosition,
  type PlannerAction,
  type PlannerState,
  plannerReducer,
  requirementsFrom,
  validatePositions,
  validateRequirements,
} from './planner-model';

describe('mission planner form model', () => {
  it('marks each field of a position the interface would refuse', () => {
    const { positions, errors } = validatePositions([{ ...newPosition(), title: ' ', afsc: '3D 0X2', count: '0' }]);
    expect(positions).toBeUndefined();
    expect(Object.keys(errors[0] ?? {}).sort()).toEqual(['afsc', 'count', 'title']);
  });

  it('starts requirements from the plugin: preferred as suggested, minimum one level lower, extras left out', () => {
    const { positions } = validatePositions([{ ...newPosition(), title: 'Lead', afsc: '3d0x2', count: '2' }]);
    expect(positions?.[0]?.afsc).toBe('3D0X2');
    const [requirements] = requirementsFrom(positions ?? [], {
      positions: [
        { title: 'Lead', competencies: [{ competencyId: 'a', title: 'A', preferredCompetencyLevel: 'advanced' }] },
      ],
      additionalCompetencies: [{ competencyId: 'b', title: 'B' }],
    });
    expect(requirements?.rows).toEqual([
      {
        competencyId: 'a',
        title: 'A',
        suggested: true,
        included: true,
        minimum: 'intermediate',
        preferred: 'advanced',
      },
      { competencyId: 'b', title: 'B', suggested: false, included: false, minimum: 'basic', preferred: 'basic' },
    ]);
    const { positions: search } = validateRequirements(requirements ? [requirements] : []);
    expect(search?.[0]?.competencies.map((c) => c.competencyId)).toEqual(['a']);
  });

  it('refuses a preferred level below the minimum, and a position with no competency', () => {
    const rows = [
      { competencyId: 'a', title: 'A', suggested: true, included: true, minimum: 'expert', preferred: 'basic' },
    ] as const;
    const below = validateRequirements([{ title: 'Lead', count: 1, rows }]);
    expect(below.positions).toBeUndefined();
    expect(below.errors[0]?.a).toMatch(/must not be below the minimum/);
    const none = validateRequirements([{ title: 'Lead', count: 1, rows: [{ ...rows[0], included: false }] }]);
    expect(none.errors[0]?.['']).toMatch(/at least one competency/);
  });
});

// Parsed by the contract, so the fixtures are answers the service could send.
const capabilitiesOk: PlannerCapabilitiesResult = plannerCapabilitiesResultSchema.parse({
  pluginId: 'coach',
  name: 'Readiness Coach',
  status: 'ok',
  capabilities: {
    positions: [
      { title: 'Lead', competencies: [{ competencyId: 'a', title: 'A', preferredCompetencyLevel: 'advanced' }] },
    ],
    additionalCompetencies: [],
  },
  warnings: [],
});
const failed = {
  pluginId: 'coach',
  name: 'Readiness Coach',
  status: 'failed',
  failure: { code: 'timeout', message: 'No answer in time' },
};
const candidatesOk: PlannerCandidatesResult = coachAnswer(
  [
    {
      title: 'Lead',
      readyCandidates: [{ candidateId: 'u-1', trainingGap: [] }],
      recommendedCandidates: [
        { candidateId: 'u-2', trainingGap: [] },
        { candidateId: 'u-3', trainingGap: [] },
      ],
    },
  ],
  { name: 'Readiness Coach' },
);

const run = (actions: readonly PlannerAction[], from: PlannerState = initialPlannerState()) =>
  actions.reduce(plannerReducer, from);

/** A planner whose competencies were found for one valid position "Lead". */
function withRequirements(): PlannerState {
  const lead = { ...newPosition(), title: 'Lead', afsc: '3D0X2', count: '1' };
  const { positions, errors } = validatePositions([lead]);
  return run([
    { type: 'positionsChanged', positions: [lead] },
    { type: 'competenciesAsked', errors },
    { type: 'competenciesAnswered', positions: positions ?? [], result: capabilitiesOk },
  ]);
}

describe('the mission planner page’s state', () => {
  it('starts with one empty position, nothing asked and nothing said', () => {
    const state = initialPlannerState();
    expect(state.positions).toHaveLength(1);
    expect(state.positions[0]?.title).toBe('');
    expect(state).toMatchObject({
      requirements: undefined,
      refusals: 0,
      searchRefusals: 0,
      asked: [],
      status: { message: '' },
      searchStatus: { message: '' },
    });
  });

  it('counts each refused competencies search, marking the positions and a missing plugin', () => {
    const errors = [{ title: 'Title must not be blank.' }];
    const once = run([{ type: 'positionsRefused', errors, pluginMissing: true }]);
    expect(once).toMatchObject({
      positionErrors: errors,
      pluginError: 'Choose the plugin to ask.',
      refusals: 1,
      status: { message: 'Fix the marked fields, then find competencies again.', tone: 'error' },
    });
    const twice = run([{ type: 'positionsRefused', errors: [{}], pluginMissing: false }], once);
    expect(twice.refusals).toBe(2);
    expect(twice.pluginError).toBeUndefined();
  });

  it('asks, then starts the requirements from the plugin’s competencies', () => {
    const asking = run([
      { type: 'positionsRefused', errors: [{}], pluginMissing: true },
      { type: 'competenciesAsked', errors: [{}] },
    ]);
    expect(asking).toMatchObject({
      pluginError: undefined,
      requirements: undefined,
      status: { message: 'Asking the plugin for competencies…', tone: 'info' },
      searchStatus: { message: '' },
    });
    const found = withRequirements();
    expect(found.requirements?.[0]?.rows.map((row) => [row.competencyId, row.minimum, row.preferred])).toEqual([
      ['a', 'intermediate', 'advanced'],
    ]);
    expect(found.status).toEqual({
      message: 'Competencies found. Adjust the requirements, then search candidates.',
      tone: 'info',
    });
  });

  it('says so when the plugin gives no competencies, or the request fails', () => {
    const none = run([
      { type: 'competenciesAsked', errors: [{}] },
      {
        type: 'competenciesAnswered',
        positions: [],
        result: plannerCapabilitiesResultSchema.parse(failed),
      },
    ]);
    expect(none.requirements).toBeUndefined();
    expect(none.status).toEqual({ message: 'The plugin did not answer with competencies.', tone: 'error' });
    const busy = new ApiError({ status: 503, code: 'overloaded', message: 'Busy' });
    expect(run([{ type: 'competenciesFailed', error: busy }]).status).toEqual({
      message: 'The service is busy.',
      tone: 'error',
    });
  });

  it('drops the requirements when the positions or the plugin change, and the plugin error with a new plugin', () => {
    const found = withRequirements();
    expect(run([{ type: 'positionsChanged', positions: found.positions }], found).requirements).toBeUndefined();
    const refused = run([{ type: 'positionsRefused', errors: [{}], pluginMissing: true }], found);
    const changed = run([{ type: 'pluginChanged', pluginId: 'other' }], refused);
    expect(changed.requirements).toBeUndefined();
    expect(changed.pluginError).toBeUndefined();
    expect(changed.positions).toBe(found.positions);
  });

  it('counts each refused candidate search, and an edit clears the requirements’ marks', () => {
    const found = withRequirements();
    const errors = [{ a: 'A: the preferred level must not be below the minimum.' }];
    const refused = run([{ type: 'requirementsRefused', errors }], found);
    expect(refused).toMatchObject({
      requirementErrors: errors,
      searchRefusals: 1,
      searchStatus: { message: 'Fix the marked requirements, then search again.', tone: 'error' },
    });
    const edited = run([{ type: 'requirementsChanged', requirements: found.requirements ?? [] }], refused);
    expect(edited.requirementErrors).toEqual([]);
    expect(edited.searchRefusals).toBe(1);
  });

  it('keeps what a candidate search asked, and sums up its answer or its failure', () => {
    const found = withRequirements();
    const { positions } = validateRequirements(found.requirements ?? []);
    const asked = run([{ type: 'candidatesAsked', positions: positions ?? [], errors: [{}] }], found);
    expect(asked.asked).toEqual(positions);
    expect(asked.searchStatus).toEqual({ message: 'Searching candidates…', tone: 'info' });
    expect(run([{ type: 'candidatesAnswered', results: [candidatesOk] }], asked).searchStatus).toEqual({
      message: 'Search finished: 1 ready and 2 trainable candidates.',
      tone: 'info',
    });
    const pluginFailed = plannerCandidatesResultSchema.parse(failed);
    expect(run([{ type: 'candidatesAnswered', results: [candidatesOk, pluginFailed] }], asked).searchStatus).toEqual({
      message: 'The plugin did not answer the search; see below.',
      tone: 'error',
    });
    expect(run([{ type: 'candidatesFailed', error: new Error('offline') }], asked).searchStatus).toEqual({
      message: 'Could not load candidates.',
      tone: 'error',
    });
  });
});

/** A planner whose candidate search for "Lead" (one slot) answered: u-1 ready, u-2 and u-3 recommended. */
function withCandidates(): PlannerState {
  const found = withRequirements();
  const { positions } = validateRequirements(found.requirements ?? []);
  return run(
    [
      { type: 'candidatesAsked', positions: positions ?? [], errors: [{}] },
      { type: 'candidatesAnswered', results: [candidatesOk] },
    ],
    found,
  );
}

describe('the plan a trainer keeps', () => {
  it('enters each step once: an edit of the requirements is not a new step, so focus stays where the person is', () => {
    const found = withRequirements();
    expect(found.requirementsEntered).toBe(1);
    const edited = run(
      [
        { type: 'requirementsChanged', requirements: found.requirements ?? [] },
        { type: 'requirementsChanged', requirements: [] },
      ],
      found,
    );
    expect(edited.requirementsEntered).toBe(1);
    const searched = withCandidates();
    expect(searched.resultsEntered).toBe(1);
    expect(run([{ type: 'shortlistToggled', position: 0, userId: 'u-1' }], searched).resultsEntered).toBe(1);
  });

  it('shortlists and unshortlists a position’s candidates, and nobody else', () => {
    const searched = withCandidates();
    const listed = run(
      [
        { type: 'shortlistToggled', position: 0, userId: 'u-2' },
        { type: 'shortlistToggled', position: 0, userId: 'u-1' },
        { type: 'shortlistToggled', position: 0, userId: 'someone-else' },
      ],
      searched,
    );
    expect(listed.shortlist).toEqual([['u-2', 'u-1']]);
    expect(run([{ type: 'shortlistToggled', position: 0, userId: 'u-2' }], listed).shortlist).toEqual([['u-1']]);
  });

  it('fills a position’s slots up to the number needed, one slot a person, and frees them again', () => {
    const searched = withCandidates();
    const assigned = run(
      [
        { type: 'slotAssigned', position: 0, userId: 'u-2' },
        // "Lead" needs one: a second person gets no slot.
        { type: 'slotAssigned', position: 0, userId: 'u-1' },
      ],
      searched,
    );
    expect(assigned.slots).toEqual([['u-2']]);
    const again = run([{ type: 'slotAssigned', position: 0, userId: 'u-2' }], assigned);
    expect(again.slots).toEqual([['u-2']]);
    const freed = run([{ type: 'slotCleared', position: 0, userId: 'u-2' }], assigned);
    expect(freed.slots).toEqual([[]]);
    expect(run([{ type: 'slotAssigned', position: 0, userId: 'u-1' }], freed).slots).toEqual([['u-1']]);
  });

  it('keeps picks through a new search for those still found, and says who left', () => {
    const picked = run(
      [
        { type: 'shortlistToggled', position: 0, userId: 'u-1' },
        { type: 'shortlistToggled', position: 0, userId: 'u-3' },
        { type: 'slotAssigned', position: 0, userId: 'u-3' },
      ],
      withCandidates(),
    );
    const narrower = plannerCandidatesResultSchema.parse({
      ...candidatesOk,
      candidates: {
        positions: [
          { title: 'Lead', readyCandidates: [{ candidateId: 'u-1', trainingGap: [] }], recommendedCandidates: [] },
        ],
      },
    });
    const again = run(
      [
        { type: 'candidatesAsked', positions: picked.asked, errors: [{}] },
        { type: 'candidatesAnswered', results: [narrower] },
      ],
      picked,
    );
    expect(again.shortlist).toEqual([['u-1']]);
    expect(again.slots).toEqual([[]]);
    expect(again.searchStatus.message).toBe(
      'Search finished: 1 ready and 0 trainable candidates. 2 people you picked are no longer among the candidates and left the shortlists and slots.',
    );
  });

  it('drops the candidates and picks with the positions they were found for, and starts a new plan on request', () => {
    const picked = run([{ type: 'shortlistToggled', position: 0, userId: 'u-1' }], withCandidates());
    const changed = run([{ type: 'positionsChanged', positions: picked.positions }], picked);
    expect(changed).toMatchObject({ requirements: undefined, results: undefined, asked: [], shortlist: [], slots: [] });
    const fresh = run([{ type: 'planCleared' }], { ...picked, pluginId: 'coach' });
    expect(fresh).toMatchObject({ pluginId: 'coach', requirements: undefined, results: undefined, shortlist: [] });
    expect(fresh.positions).toHaveLength(1);
    expect(fresh.positions[0]?.title).toBe('');
  });
});
