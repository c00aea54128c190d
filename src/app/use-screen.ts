import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { IntlShape } from 'react-intl';
import { useIntl } from 'react-intl';
import type { AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';
import { useMachineEffects } from './effects.ts';
import { reportState } from './flow-monitor.ts';

/** Reports an actor's state to the /flows page as it changes. */
export function useFlowReport(actor: { id: string; subscribe(fn: (s: { value: unknown }) => void): { unsubscribe(): void }; getSnapshot(): { value: unknown }; logic: unknown }) {
  useEffect(() => {
    const machine = (actor.logic as { id?: string }).id ?? actor.id;
    reportState(machine, actor.getSnapshot().value);
    const sub = actor.subscribe((s) => reportState(machine, s.value));
    return () => sub.unsubscribe();
  }, [actor]);
}

/** A screen's machine: started with the screen, its emitted events carried out by the app. */
export function useScreenMachine<M extends AnyStateMachine>(logic: M, input?: InputFrom<M>) {
  const actor = useActorRef(logic, input === undefined ? {} : { input });
  useMachineEffects(actor);
  useFlowReport(actor as never);
  const snapshot = useSelector(actor, (s: SnapshotFrom<M>) => s);
  return [snapshot, actor.send, actor] as const;
}

/** The document title names the page in the chosen language. */
export const pageTitle = (intl: Pick<IntlShape, 'formatMessage'>, key: string, values?: Record<string, string>): string =>
  `${intl.formatMessage({ id: key }, values)} — ${intl.formatMessage({ id: 'app.customerService' })}`;

export function usePageTitle(key: string, values?: Record<string, string>) {
  const title = pageTitle(useIntl(), key, values);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
