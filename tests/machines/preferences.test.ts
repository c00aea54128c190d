import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { NotificationPreferences } from '../../contract/entities.ts';
import type { PreferencesContext } from '../../machines/preferences.machine.ts';
import { preferencesMachine, unsaved } from '../../machines/preferences.machine.ts';
import { messages } from './form-events.ts';
import { testModel } from './model.ts';

const unverified: NotificationPreferences = {
  email: true,
  sms: false,
  language: 'Am',
  phone: '0911234567',
  phone_verified: false,
  sms_stopped: false,
  sms_number: null,
};
const verified: NotificationPreferences = { ...unverified, phone_verified: true };
const failures = (id: string) => [
  { type: `xstate.error.actor.${id}`, error: { status: 429, messages } },
  { type: `xstate.error.actor.${id}`, error: { status: 400, messages } },
];

describe('preferences machine', () => {
  it('shows nothing saved until the preferences load: e-mail on, SMS off, Amharic, no code, no problem', () => {
    expect(createActor(preferencesMachine).getSnapshot().context).toEqual({
      saved: null,
      form: { email: true, sms: false, language: 'Am' },
      code: '',
      newPhone: '',
      codeFor: null,
      phoneProblem: null,
      problem: null,
    });
  });

  it('covers every state and transition: load, choose, refused choices, save, the phone code sent, typed, verified or refused', async () => {
    const report = await testModel(preferencesMachine, {
      serialize: (s) => {
        const c = s.context as PreferencesContext;
        return JSON.stringify({
          value: s.value,
          problem: c.problem,
          email: c.form.email,
          sms: c.form.sms,
          verified: c.saved?.phone_verified ?? null,
          newPhone: c.newPhone,
          codeFor: c.codeFor,
          phoneProblem: c.phoneProblem,
        });
      },
      events: (s) => [
        { type: 'xstate.done.actor.load', output: unverified },
        ...failures('load'),
        { type: 'RETRY' },
        { type: 'CHOOSE', channel: 'sms', on: true },
        { type: 'CHOOSE', channel: 'email', on: false },
        { type: 'CHOOSE', channel: 'email', on: true },
        { type: 'LANGUAGE', value: 'Or' },
        { type: 'SAVE' },
        { type: 'xstate.done.actor.save', output: { ...messages, preferences: unverified } },
        ...failures('save'),
        { type: 'SEND_CODE' },
        // A new number: first one that is no phone, then one (issue 48).
        ...(s.context.newPhone === ''
          ? [{ type: 'NEW_PHONE', value: '12345' }]
          : s.context.newPhone === '12345'
            ? [{ type: 'NEW_PHONE', value: '+251 922 000 111' }]
            : []),
        { type: 'SEND_CODE_TO_NEW' },
        { type: 'xstate.done.actor.sendCode', output: messages },
        ...failures('sendCode'),
        { type: 'CODE', value: '123456' },
        { type: 'VERIFY' },
        { type: 'CANCEL' },
        { type: 'xstate.done.actor.verifyCode', output: { ...messages, preferences: verified } },
        ...failures('verifyCode'),
      ],
      check: ({ event, snapshot }, emitted, inputs) => {
        const c = snapshot.context as PreferencesContext;
        if (event.type === 'xstate.done.actor.load') {
          expect(c.saved).toEqual(unverified);
          expect(c.form).toEqual({ email: true, sms: false, language: 'Am' });
          expect(c.problem).toBeNull();
        }
        if (event.type === 'CHOOSE') {
          const { channel, on } = event as unknown as { channel: 'email' | 'sms'; on: boolean };
          expect(c.form[channel]).toBe(on);
          expect(c.problem).toBeNull();
        }
        if (event.type === 'LANGUAGE') expect(c.form.language).toBe('Or');
        if (event.type === 'SAVE' && snapshot.matches('editing')) expect(c.problem).not.toBeNull();
        if (event.type === 'SAVE' && snapshot.matches('saving')) expect(inputs.save).toEqual(c.form);
        if (event.type === 'xstate.done.actor.save') {
          expect(c.saved).toEqual(unverified);
          expect(emitted.at(-1)).toEqual({
            type: 'toast',
            kind: 'success',
            messages: { ...messages, preferences: unverified },
          });
        }
        if (event.type === 'xstate.done.actor.sendCode') expect(c.code).toBe('');
        if (event.type === 'NEW_PHONE')
          expect(c).toMatchObject({ newPhone: (event as { value?: string }).value, phoneProblem: null });
        // The contract's rule before sending: a number that is no phone is said, not sent.
        if (event.type === 'SEND_CODE_TO_NEW' && c.newPhone === '12345')
          expect({ value: snapshot.value, phoneProblem: c.phoneProblem }).toEqual({
            value: 'editing',
            phoneProblem: 'notPhone',
          });
        // The code goes where it was asked for: the new number, or the number on file (no phone sent).
        if (event.type === 'SEND_CODE_TO_NEW' && snapshot.matches('sendingCode'))
          expect(inputs.sendCode).toEqual({ phone: '+251 922 000 111' });
        if (event.type === 'SEND_CODE' && snapshot.matches('sendingCode'))
          expect(inputs.sendCode).toEqual(c.codeFor ? { phone: c.codeFor } : {});
        if (event.type === 'CODE') expect(c.code).toBe('123456');
        if (event.type === 'VERIFY') expect(inputs.verifyCode).toEqual({ code: c.code.trim() });
        if (event.type === 'xstate.done.actor.verifyCode')
          expect(c).toMatchObject({ code: '', newPhone: '', codeFor: null });
        const status = (event as unknown as { error?: { status: number } }).error?.status;
        if (status === 429) expect(emitted.at(-1)?.type).toBe('rateLimited');
        if (status === 400 && !snapshot.matches('error'))
          expect(emitted.at(-1)).toMatchObject({ type: 'toast', kind: 'error', messages });
        if (event.type === 'xstate.done.actor.verifyCode')
          expect((snapshot.context as PreferencesContext).saved?.phone_verified).toBe(true);
      },
    });
    expect(report.states.covered).toBe(report.states.total);
  });

  /** The machine with the phone's proof always accepted; every save recorded and answered as the server would. */
  const proving = (sent: unknown[]) =>
    createActor(
      preferencesMachine.provide({
        actors: {
          load: fromPromise(async () => unverified),
          sendCode: fromPromise(async () => messages),
          verifyCode: fromPromise(async () => ({ ...messages, preferences: verified })),
          save: fromPromise(async ({ input }) => {
            sent.push(input);
            return { ...messages, preferences: { ...verified, ...(input as object) } };
          }),
        },
      }),
    ).start();

  it('saves the choice that waited for the phone once the phone is proved; a choice not saved is marked', async () => {
    const sent: unknown[] = [];
    const actor = proving(sent);
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'CHOOSE', channel: 'sms', on: true });
    expect(unsaved(actor.getSnapshot().context.form, actor.getSnapshot().context.saved)).toBe(true);
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.problem).toBe('phoneNotVerified');
    actor.send({ type: 'SEND_CODE' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'CODE', value: '123456' });
    actor.send({ type: 'VERIFY' });
    const done = await waitFor(actor, (s) => s.matches('editing'));
    expect(sent).toEqual([{ email: true, sms: true, language: unverified.language }]);
    expect(done.context.saved).toMatchObject({ sms: true, phone_verified: true });
    expect(unsaved(done.context.form, done.context.saved)).toBe(false);
  });

  it('a code goes where it is asked: the new number typed (trimmed), or afterwards the number on file again (issue 48)', async () => {
    const asked: unknown[] = [];
    const actor = createActor(
      preferencesMachine.provide({
        actors: {
          load: fromPromise(async () => unverified),
          sendCode: fromPromise(async ({ input }) => {
            asked.push(input);
            return messages;
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'NEW_PHONE', value: '  0922 000 111 ' });
    actor.send({ type: 'SEND_CODE_TO_NEW' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    // Sent again from the code's field: to the same new number.
    actor.send({ type: 'SEND_CODE' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'SEND_CODE' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    expect(asked).toEqual([{ phone: '0922 000 111' }, { phone: '0922 000 111' }, {}]);
  });

  it('a proof with nothing waiting saves nothing', async () => {
    const sent: unknown[] = [];
    const actor = proving(sent);
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'SEND_CODE' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'VERIFY' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(sent).toEqual([]);
  });

  it('says why a choice cannot be saved, with the contract’s rule, and keeps the choice', async () => {
    const actor = createActor(
      preferencesMachine.provide({ actors: { load: fromPromise(async () => unverified) } }),
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'CHOOSE', channel: 'email', on: false });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.problem).toBe('noChannel');
    actor.send({ type: 'CHOOSE', channel: 'sms', on: true });
    expect(actor.getSnapshot().context.problem).toBeNull();
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context).toMatchObject({
      problem: 'phoneNotVerified',
      form: { email: false, sms: true },
    });
    expect(actor.getSnapshot().value).toBe('editing');
  });
});
