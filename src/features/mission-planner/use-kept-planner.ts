/**
 * The planner's state, kept while the page is left: whole (names and the
 * plugin's reasons included) in React Query's memory-only cache, which is
 * cleared on sign-out; and, without profile data (plan-storage.ts), by the
 * service for the trainer's account where it offers the plans extension, so
 * the plan follows them from desk to phone, else on this device, so a reload
 * or a new tab reopens it. The service's plan is taken when the page opens
 * (unless this session already holds one in memory); each change is saved
 * there shortly after it is made, the last save winning.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Dispatch, useEffect, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import { extensions, isUnknownAddress } from '../../lib/api/extensions';
import { readItem, removeItem } from '../../lib/storage/app-storage';
import { missionPlannerQueries, saveServicePlan } from './api/mission-planner-queries';
import {
  isBlank,
  planKey,
  readSavedPlan,
  restoredState,
  type SavedPlan,
  savedPlanOf,
  writeSavedPlan,
} from './plan-storage';
import { initialPlannerState, type PlannerAction, type PlannerState, plannerReducer } from './planner-model';

const silent = { message: '', tone: 'info' } as const;

/** Where the plan is kept now, and what went wrong keeping it. */
export interface PlanKeeping {
  /** `checking`: the service's plan is being asked for; `service`: it keeps the plan; `device`: this device does. */
  readonly where: 'checking' | 'service' | 'device';
  /** The service offers plans, but reading (`read`) or the last save (`save`) failed: kept on this device meanwhile. */
  readonly failed?: { readonly when: 'read' | 'save'; readonly error: unknown };
}

/** How long after a change the plan is sent: typing a title is one save, not one a key. */
const SAVE_AFTER_MS = 400;

export function useKeptPlanner(userId: string): [PlannerState, Dispatch<PlannerAction>, PlanKeeping] {
  const queryClient = useQueryClient();
  const key = missionPlannerQueries.keptPlan(userId);
  const inMemory = useRef(queryClient.getQueryData<PlannerState>(key) !== undefined);
  // Whether this device held a plan when the page opened: on a service that keeps plans, that is a change not sent.
  const unsentAtStart = useRef(readSavedPlan(userId) !== undefined);
  const [state, dispatch] = useReducer(plannerReducer, undefined, (): PlannerState => {
    const held = queryClient.getQueryData<PlannerState>(key);
    // What the page said last time was said then; reopened, it says nothing until something happens.
    if (held) return { ...held, status: silent, searchStatus: silent };
    const saved = readSavedPlan(userId);
    return saved ? restoredState(saved) : initialPlannerState();
  });

  const offered = useSyncExternalStore(extensions.subscribe, () => extensions.offered('mission-plans'));
  const servicePlan = useQuery({ ...missionPlannerQueries.servicePlan(userId), enabled: offered });
  const absent = isUnknownAddress(servicePlan.error);
  useEffect(() => {
    if (absent) extensions.markAbsent('mission-plans');
  }, [absent]);

  // The JSON the service holds, so a plan just taken from it is not sent straight back.
  const held = useRef<string | undefined>(undefined);
  const [adopted, setAdopted] = useState(false);
  useEffect(() => {
    if (adopted || !servicePlan.isSuccess) return;
    setAdopted(true);
    const kept = servicePlan.data.plan;
    held.current = JSON.stringify(kept);
    // A plan this device holds is newer than the service's: changes made here that had not been sent yet (the
    // page left or reloaded within a save's wait). It stays, and the save below sends it; otherwise the service's.
    if (kept && !inMemory.current && !unsentAtStart.current)
      dispatch({ type: 'planReopened', state: restoredState(kept) });
    if (!unsentAtStart.current) removeItem(planKey(userId));
  }, [adopted, servicePlan.isSuccess, servicePlan.data, userId]);

  // Set when the page goes: this effect is declared before the save's, so on unmount its cleanup runs first.
  const unmounted = useRef(false);
  useEffect(() => {
    unmounted.current = false;
    return () => {
      unmounted.current = true;
    };
  }, []);

  // The service has this plan now: held, and this device's copy dropped if it is still this plan (a later change
  // kept there waits for its own save). Done in the save itself, so it happens when the page has gone meanwhile.
  const sendPlan = useRef(async (plan: SavedPlan, owner: string) => {
    const body = isBlank(plan) ? null : plan;
    await saveServicePlan(body);
    held.current = JSON.stringify(body);
    if (readItem(planKey(owner)) === JSON.stringify(plan)) removeItem(planKey(owner));
  }).current;
  const save = useMutation({
    mutationFn: ({ plan, owner }: { plan: SavedPlan; owner: string }) => sendPlan(plan, owner),
  });
  const { mutate } = save;
  const onService = offered && adopted;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is made of `userId`.
  useEffect(() => {
    // Kept until sign-out clears the cache, not dropped minutes after the page is left.
    queryClient.setQueryDefaults(key, { gcTime: Number.POSITIVE_INFINITY });
    queryClient.setQueryData(key, state);
    const plan = savedPlanOf(state);
    if (!onService) writeSavedPlan(userId, plan);
    if (!onService) return;
    if (JSON.stringify(isBlank(plan) ? null : plan) === held.current) {
      // Back to what the service holds (a change undone within the wait): nothing to send, nothing kept here.
      removeItem(planKey(userId));
      return;
    }
    // Kept on this device too until the service has it, so leaving or reloading within the wait loses nothing;
    // a failed save leaves it there, and the next change tries again.
    writeSavedPlan(userId, plan);
    let sent = false;
    const timer = window.setTimeout(() => {
      sent = true;
      mutate({ plan, owner: userId });
    }, SAVE_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      // Left before the wait was over (a change replaces it with its own wait; leaving the page does not): sent now.
      if (!sent && unmounted.current) void sendPlan(plan, userId).catch(() => undefined);
    };
  }, [state, userId, queryClient, onService, mutate]);

  const keeping: PlanKeeping =
    !offered || absent
      ? { where: 'device' }
      : servicePlan.isError
        ? { where: 'device', failed: { when: 'read', error: servicePlan.error } }
        : !onService
          ? { where: 'checking' }
          : save.isError
            ? { where: 'service', failed: { when: 'save', error: save.error } }
            : { where: 'service' };
  return [state, dispatch, keeping];
}
