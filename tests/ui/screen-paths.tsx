import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import type { AnyStateMachine, EventObject } from 'xstate';
import type { ModelOptions } from '../machines/model.ts';
import { modelPaths } from '../machines/model.ts';
import { disagreement } from '../machines/path-failure.ts';
import { LOCKOUT_SECONDS } from '../../contract/limits.ts';
import { fakeApi, messages, renderAt } from './harness.tsx';

export interface ScreenPathOptions extends Pick<ModelOptions, 'events' | 'input' | 'serialize'> {
  /** Where the screen is. */
  route: string;
  state?: Record<string, unknown>;
  /** The API call behind each invoked actor: "METHOD /api/path". */
  calls: Record<string, string>;
  /** What the API answers when a path says the actor succeeded (a function: made when it answers, as a token that lives from then). */
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
  /**
   * One part of the paths (those whose index leaves `index` divided by `of`): a machine with
   * many paths is driven in several tests, each well within the test's time on a busy machine.
   */
  part?: { index: number; of: number };
}

/** The parts of a machine's paths, one test each (ScreenPathOptions.part): 1 of n, 2 of n, … */
export const parts = (of: number) => Array.from({ length: of }, (_, index) => ({ index, of, number: index + 1 }));

/**
 * The model's paths (one per transition) drive the real screen: user events become user
 * actions, actor results become the fake API's answers, delays become fake time; after
 * each step the screen must show what its state means.
 */
export async function driveScreenPaths(machine: AnyStateMachine, o: ScreenPathOptions): Promise<number> {
  const paths = modelPaths(machine, o);
  const { currentTestName, testPath } = expect.getState();
  const test = `${(testPath ?? '').replace(/^.*?(?=tests\/)/, '')} › ${currentTestName ?? ''}`;
  let driven = 0;
  for (const [index, path] of paths.entries()) {
    if (o.part && index % o.part.of !== o.part.index) continue;
    driven += 1;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const stateOf = (state: unknown) => JSON.stringify((state as { value: unknown }).value).replace(/"/g, '');
    const steps = path.steps
      .filter((s) => s.event.type !== 'xstate.init')
      .map((s) => ({ event: s.event.type, to: stateOf(s.state) }));
    let at = 0;
    try {
      const pending = new Map<string, (answer: { status: number; body: unknown }) => void>();
      const routes = Object.fromEntries(
        Object.entries(o.calls).map(([actor, route]) => [
          route,
          () => new Promise<{ status: number; body: unknown }>((resolve) => pending.set(actor, resolve)),
        ]),
      );
      const answerOf = (actor: string) => {
        const answer = o.answers[actor];
        return typeof answer === 'function' ? (answer as () => unknown)() : answer;
      };
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
        if (event.type !== 'xstate.init') at += 1;
        if (done || failed) {
          const actor = (done ?? failed)![1] as string;
          await waitFor(() =>
            expect(pending.has(actor), `${path.description}: the screen called ${o.calls[actor]}`).toBe(true),
          );
          const resolve = pending.get(actor)!;
          pending.delete(actor);
          const status = failed ? (event.error?.status ?? 500) : 200;
          await act(async () =>
            resolve({ status, body: failed ? { code: 'x', ...messages(`Failure ${status}`) } : answerOf(actor) }),
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
        const value = stateOf(step.state);
        const shows = o.shows[value];
        if (!shows) throw new Error(`nothing to check for state ${value}`);
        await waitFor(shows).catch((error: unknown) => {
          throw new Error(`${path.description}, after ${event.type}: ${value} does not show`, { cause: error });
        });
      }
      cleanup();
    } catch (error) {
      // A screen has no state to read: what its main region says stands for it, text by text.
      const region = document.querySelector('main') ?? document.body;
      const walker = document.createTreeWalker(region, NodeFilter.SHOW_TEXT);
      const texts: string[] = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode())
        if (n.textContent?.trim()) texts.push(n.textContent.trim());
      const shown = texts.join(' | ');
      const actual = `a screen that reads "${shown.slice(0, 1000)}${shown.length > 1000 ? '…' : ''}"`;
      throw disagreement({ machine, test, path: index + 1, steps, at, against: 'screen', actual, cause: error });
    } finally {
      vi.useRealTimers();
    }
  }
  return driven;
}

/** The value an event carries (a field's, a choice's). */
export const value = (e: EventObject) => (e as EventObject & { value: string }).value;

/** The user of the screen paths: no delay between keys, the fake clock runs on. */
export const user = () => userEvent.setup({ delay: null });

/** An invoked actor's failures with these HTTP statuses (0: no connection). */
export const failures = (id: string, statuses: number[]) =>
  statuses.map((status) => ({ type: `xstate.error.actor.${id}`, error: { status } }));

/** RETRY: Try again after an error; after a 429 nothing to press: the wait runs out and the screen loads again by itself. */
export const retryOrWait = async () => {
  const again = screen.queryByRole('button', { name: 'Try again' });
  if (again) await user().click(again);
  else await act(async () => vi.advanceTimersByTimeAsync((LOCKOUT_SECONDS + 1) * 1000));
};

/** What a page that loads a case shows when it fails: not found, the wait message, Try again. */
export const caseLoadFailureShows = {
  notFound: () => expect(screen.getByText("This case isn't available")).toBeInTheDocument(),
  limitError: () =>
    expect(within(screen.getByRole('main')).getByText('Please wait 3 minutes before retrying.')).toBeInTheDocument(),
  error: () => expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument(),
};
