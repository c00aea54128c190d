import type { EventObject } from 'xstate';

/** What the machines' tests feed them and read of them: a server message in every language, the failures a call can end in, the events an actor emitted, a state as text. */
export const messages = {
  Message_en: 'ok',
  Message_am: 'እሺ',
  Message_or: 'ok',
  Message_tg: 'ok',
  Message_sm: 'ok',
  Message_af: 'ok',
};
export const failures = (id: string) => [
  { type: `xstate.error.actor.${id}`, error: { status: 429, messages } },
  { type: `xstate.error.actor.${id}`, error: { status: 500, messages: null } },
  { type: `xstate.error.actor.${id}`, error: { status: 400, messages, fields: { email: 'invalid' } } },
];
export const types = (emitted: EventObject[]) => emitted.map((e) => e.type);
export const byValue = (s: { value: unknown }) => JSON.stringify(s.value);
