import { act, cleanup, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { AnyStateMachine, EventObject } from 'xstate';
import type { ModelOptions } from '../machines/model.ts';
import { modelPaths } from '../machines/model.ts';
import { fakeApi, messages, renderAt } from './harness.tsx';

export interface ScreenPathOptions extends Pick<ModelOptions, 'events' | 'input' | 'serialize'> {
  /** Where the screen is. */
  route: string;
  state?: Record<string, unknown>;
  /** The API call behind each invoked actor: "METHOD /api/path". */
  calls: Record<string, string>;
  /** What the API answers when a path says the actor succeeded. */
  answers: Record<string, unknown>;
  /** What the user does for each user event of the machine. */
  user: Record<string, (e: EventObject) => Promise<void>>;
  /** What the screen must show in each state (by state value). */
  shows: Record<string, () => void>;
  setup?: () => void;
  /** Other calls the screen makes, answered at once. */
  extraRoutes?: Record<string, () => { status: number; body: unknown }>;
  /** Milliseconds of the delays computed from context (the session's expiry). */
  delayMs?: Record<string, number>;
  /** Props of the app (a shorter lockout). */
  app?: { lockoutSeconds?: number };
}

/**
 * The model's paths (one per transition) drive the real screen: user events become user
 * actions, actor results become the fake API's answers, delays become fake time; after
 * each step the screen must show what its state means.
 */
export async function driveScreenPaths(machine: AnyStateMachine, o: ScreenPathOptions): Promise<number> {
  const paths = modelPaths(machine, o);
  for (const path of paths) {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const pending = new Map<string, (answer: { status: number; body: unknown }) => void>();
      const routes = Object.fromEntries(
        Object.entries(o.calls).map(([actor, route]) => [
          route,
          () => new Promise<{ status: number; body: unknown }>((resolve) => pending.set(actor, resolve)),
        ]),
      );
      // Each path starts on a fresh page: no lockout, session or draft left by the last one.
      sessionStorage.clear();
      o.setup?.();
      fakeApi({ ...o.extraRoutes, ...routes });
      renderAt(o.route, 'En', o.state, o.app);
      for (const step of path.steps) {
        const event = step.event as EventObject & { error?: { status: number } };
        const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
        const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
        const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
        if (done || failed) {
          const actor = (done ?? failed)![1] as string;
          await waitFor(() =>
            expect(pending.has(actor), `${path.description}: the screen called ${o.calls[actor]}`).toBe(true),
          );
          const resolve = pending.get(actor)!;
          pending.delete(actor);
          const status = failed ? (event.error?.status ?? 500) : 200;
          await act(async () =>
            resolve({ status, body: failed ? { code: 'x', ...messages(`Failure ${status}`) } : o.answers[actor] }),
          );
        } else if (after) {
          const name = after[1] as string;
          const delay = o.delayMs?.[name] ?? (machine.implementations.delays[name] as number);
          await act(async () => vi.advanceTimersByTimeAsync(delay));
        } else if (event.type !== 'xstate.init') {
          const user = o.user[event.type];
          if (!user) throw new Error(`no user action for ${event.type}`);
          await user(event);
        }
        const value = JSON.stringify((step.state as { value: unknown }).value).replace(/"/g, '');
        const shows = o.shows[value];
        if (!shows) throw new Error(`nothing to check for state ${value}`);
        await waitFor(shows).catch((error: unknown) => {
          throw new Error(`${path.description}, after ${event.type}: ${value} does not show`, { cause: error });
        });
      }
      cleanup();
    } finally {
      vi.useRealTimers();
    }
  }
  return paths.length;
}
