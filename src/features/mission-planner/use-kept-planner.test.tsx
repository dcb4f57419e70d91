import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeptPlan } from '../../../contract/mission-plans';
import { extensions } from '../../lib/api/extensions';
import { setRuntimeConfig } from '../../lib/config/runtime-config';
import { sessionStore } from '../../lib/session/session-store';
import { readItem } from '../../lib/storage/app-storage';
import { json } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { PlanKeepingNote } from './components/plan-keeping-note';
import { planKey } from './plan-storage';
import { newPosition } from './planner-model';
import { useKeptPlanner } from './use-kept-planner';

const USER = 'usr-t';

const deskPlan: KeptPlan = {
  version: 1,
  pluginId: 'coach',
  positions: [{ title: 'Shift lead', knowledgeLevel: 'journeyman', afsc: '3D0X2', count: '2', exactMatch: false }],
  asked: [],
  shortlist: [],
  slots: [],
};

/** The planner's state as the page holds it: the first position's title, and a way to type another. */
function Planner() {
  const [state, dispatch, keeping] = useKeptPlanner(USER);
  return (
    <>
      <PlanKeepingNote keeping={keeping} />
      <p>Title: {state.positions[0]?.title || 'none'}</p>
      <button
        type="button"
        onClick={() => dispatch({ type: 'positionsChanged', positions: [{ ...newPosition(), title: 'Night shift' }] })}
      >
        Retitle
      </button>
      <button
        type="button"
        onClick={() =>
          dispatch({ type: 'positionsChanged', positions: deskPlan.positions.map((p) => ({ ...newPosition(), ...p })) })
        }
      >
        Undo
      </button>
    </>
  );
}

const saves: unknown[] = [];
/** How long the service takes to answer a save. */
let saveTakesMs = 0;

function serve(plan: Response | (() => Response)) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!url.endsWith('/mission-planner/v1/plan')) throw new Error(`unexpected ${url}`);
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { plan: KeptPlan | null };
        await new Promise((resolve) => setTimeout(resolve, saveTakesMs));
        saves.push(body.plan);
        return json(200, { plan: body.plan, savedAt: '2026-11-27T09:00:00.000Z' });
      }
      return typeof plan === 'function' ? plan() : plan;
    }),
  );
}

describe('where the planner keeps the plan', () => {
  beforeEach(() => {
    saves.length = 0;
    saveTakesMs = 0;
    localStorage.clear();
    extensions.reset();
    setRuntimeConfig({
      environment: 'sandbox',
      platformUrl: 'https://platform.test',
      notesUrl: '',
      clientId: 'sandbox-trainer-dashboard',
    });
    sessionStore.start(USER, { token: 't', refreshToken: 'r', expiresIn: 3600 }, 'sandbox');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens the plan kept with the trainer’s account, and saves each change there, not on the device', async () => {
    serve(() => json(200, { plan: deskPlan, savedAt: '2026-11-27T08:00:00.000Z' }));
    const { user } = renderWithProviders(<Planner />);
    expect(await screen.findByText('Title: Shift lead')).toBeVisible();
    expect(screen.getByText(/kept with your account until you start a new one/)).toBeVisible();
    // Taken from the service: not sent straight back.
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(saves).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Retitle' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect((saves[0] as KeptPlan).positions[0]?.title).toBe('Night shift');
    // On the device only until the service has it.
    await waitFor(() => expect(readItem(planKey(USER))).toBeNull());
  });

  it('sends a change made just before the planner is left, and keeps it on the device until the service has it', async () => {
    serve(() => json(200, { plan: deskPlan, savedAt: '2026-11-27T08:00:00.000Z' }));
    const { user, unmount } = renderWithProviders(<Planner />);
    expect(await screen.findByText('Title: Shift lead')).toBeVisible();
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    await user.click(screen.getByRole('button', { name: 'Retitle' }));
    // Left at once, well within the save's wait.
    expect(readItem(planKey(USER))).toContain('Night shift');
    unmount();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect((saves[0] as KeptPlan).positions[0]?.title).toBe('Night shift');
    await waitFor(() => expect(readItem(planKey(USER))).toBeNull());
  });

  it('drops the device’s copy once the service has it, even when the planner was left while it was being sent', async () => {
    serve(() => json(200, { plan: deskPlan, savedAt: '2026-11-27T08:00:00.000Z' }));
    saveTakesMs = 300;
    const { user, unmount } = renderWithProviders(<Planner />);
    expect(await screen.findByText('Title: Shift lead')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retitle' }));
    // The save has gone out (after its 400 ms wait) but not come back when the page is left.
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(saves).toEqual([]);
    unmount();
    await waitFor(() => expect(saves).toHaveLength(1));
    await waitFor(() => expect(readItem(planKey(USER))).toBeNull());
  });

  it('keeps nothing on the device when a change is undone before it is sent', async () => {
    serve(() => json(200, { plan: deskPlan, savedAt: '2026-11-27T08:00:00.000Z' }));
    const { user } = renderWithProviders(<Planner />);
    expect(await screen.findByText('Title: Shift lead')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retitle' }));
    expect(readItem(planKey(USER))).toContain('Night shift');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Title: Shift lead')).toBeVisible();
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(saves).toEqual([]);
    expect(readItem(planKey(USER))).toBeNull();
  });

  it('keeps the plan on this device where the platform keeps no plans, and says so', async () => {
    serve(() => json(404, { error: { code: 'not_found', message: 'No route for GET /mission-planner/v1/plan' } }));
    const { user } = renderWithProviders(<Planner />);
    expect(await screen.findByText(/does not keep plans with your account.*on this device only/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retitle' }));
    await waitFor(() => expect(readItem(planKey(USER))).toContain('Night shift'));
    expect(saves).toEqual([]);
    expect(extensions.offered('mission-plans')).toBe(false);
  });

  it('says when the kept plan could not be loaded, and keeps changes on this device meanwhile', async () => {
    serve(() => json(500, { error: { code: 'internal', message: 'Something failed' } }));
    const { user } = renderWithProviders(<Planner />);
    expect(await screen.findByText(/^The plan kept with your account could not be loaded\./)).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getByText('Your plan is kept on this device for now.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retitle' }));
    await waitFor(() => expect(readItem(planKey(USER))).toContain('Night shift'));
    expect(saves).toEqual([]);
  });
});
