import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { Actor, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';
import { useMachineEffects } from '../effects.ts';
import { reportState } from './flow-monitor.ts';

/** Reports an actor's state to the /flows page as it changes. */
export function useFlowReport(actor: Actor<AnyStateMachine>) {
  useEffect(() => {
    const machine = actor.logic.id;
    reportState(machine, actor.getSnapshot().value);
    const sub = actor.subscribe((s) => reportState(machine, s.value));
    return () => sub.unsubscribe();
  }, [actor]);
}

/** A screen's machine: started with the screen (from `start` when the page brought its data), its emitted events carried out by the app. */
export function useScreenMachine<M extends AnyStateMachine>(logic: M, input?: InputFrom<M>, start?: SnapshotFrom<M>) {
  const actor = useActorRef(logic, {
    ...(input === undefined ? {} : { input }),
    ...(start === undefined ? {} : { snapshot: start }),
  });
  useMachineEffects(actor);
  useFlowReport(actor);
  const snapshot = useSelector(actor, (s: SnapshotFrom<M>) => s);
  return [snapshot, actor.send, actor] as const;
}

/** The title of the page rendered on the server, taken once (src/prerender.tsx writes it into the page). */
let lastServerTitle = '';
export const takeServerTitle = (): string => {
  const title = lastServerTitle;
  lastServerTitle = '';
  return title;
};
const rememberServerTitle = (title: string) => {
  lastServerTitle = title;
};

/** The document title names the page in the chosen language. */
export function usePageTitle(key: string, values?: Record<string, string>) {
  const intl = useIntl();
  const title = `${intl.formatMessage({ id: key }, values)} — ${intl.formatMessage({ id: 'app.customerService' })}`;
  const hidden = useContext(PageHidden);
  if (typeof document === 'undefined') rememberServerTitle(title);
  useEffect(() => {
    // A page kept hidden under an error screen names the tab again once it is shown.
    if (!hidden) document.title = title;
  }, [title, hidden]);
}

/** True inside a page kept, hidden, under an error screen (src/app/app.tsx): it does not name the tab. */
export const PageHidden = createContext(false);
