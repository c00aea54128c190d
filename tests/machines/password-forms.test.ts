import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { PASSWORD_MAX_LENGTH } from '../../contract/limits.ts';
import { forgotPasswordMachine } from '../../machines/forgot-password.machine.ts';
import { resetPasswordMachine } from '../../machines/reset-password.machine.ts';
import { testModel } from './model.ts';
import { failures, messages } from './form-events.ts';

describe('forgot password machine', () => {
  it('covers every state and transition: success clears the email, 429 toasts, 500 loses the connection', async () => {
    await testModel(forgotPasswordMachine, {
      serialize: (s) => JSON.stringify({ value: s.value, email: s.context.email }),
      events: () => [
        { type: 'CHANGE', value: ' a@b.et ' },
        { type: 'SUBMIT' },
        { type: 'xstate.done.actor.requestLink', output: messages },
        ...failures('requestLink'),
      ],
      check: ({ event, snapshot }, emitted, inputs) => {
        if (event.type === 'CHANGE') expect(snapshot.context.email).toBe(' a@b.et ');
        if (event.type === 'SUBMIT') expect(inputs.requestLink).toEqual({ email: snapshot.context.email.trim() });
        if (event.type === 'xstate.done.actor.requestLink') expect(snapshot.context.email).toBe('');
        if ((event as { error?: { status: number } }).error?.status === 400)
          expect(emitted.at(-1)).toEqual({ type: 'toast', kind: 'error', messages });
        const status = (event as { error?: { status: number } }).error?.status;
        if (status === 429)
          expect(emitted.at(-1)).toEqual({ type: 'toast', kind: 'error', key: 'errors.tooManyAttempts' });
        if (status === 500) expect(emitted.at(-1)).toEqual({ type: 'connectionLost' });
      },
    });
  });
});

describe('reset password machine', () => {
  it('covers every state and transition: mismatch is shown and not sent; success goes to /login after 6 s', async () => {
    await testModel(resetPasswordMachine, {
      input: { id: 'i', token: 't' },
      start: 'resetLink',
      serialize: (s) =>
        JSON.stringify({
          value: s.value,
          same: s.context.password === s.context.retype,
          long: s.context.password.length > PASSWORD_MAX_LENGTH,
          errors: Object.keys(s.context.errors),
        }),
      events: () => [
        { type: 'CHANGE', field: 'password', value: 'new-password' },
        // One character past the limit: refused before sending, the limit said (the [tooLong] branch).
        { type: 'CHANGE', field: 'password', value: 'p'.repeat(PASSWORD_MAX_LENGTH + 1) },
        { type: 'CHANGE', field: 'retype', value: 'new-password' },
        { type: 'SUBMIT' },
        { type: 'xstate.done.actor.resetPassword', output: messages },
        ...failures('resetPassword'),
        { type: 'xstate.after.REDIRECT.resetPassword.succeeded' },
      ],
      check: ({ event, snapshot }, emitted, inputs) => {
        const { context } = snapshot;
        if (event.type.startsWith('xstate.after.REDIRECT'))
          expect(emitted.at(-1)).toEqual({ type: 'navigate', to: 'login' });
        if (event.type === 'SUBMIT' && snapshot.matches('editing'))
          expect(context.errors).toEqual(
            context.password.length > PASSWORD_MAX_LENGTH
              ? { password: { code: 'tooLong', limit: PASSWORD_MAX_LENGTH } }
              : { retype: { code: 'mismatch' } },
          );
        if (event.type === 'SUBMIT' && snapshot.matches('sending')) {
          expect(context.errors).toEqual({});
          expect(inputs.resetPassword).toEqual({ id: 'i', token: 't', password: context.password });
        }
        if (event.type === 'xstate.done.actor.resetPassword') expect(context.done).toEqual(messages);
        if (event.type === 'xstate.error.actor.resetPassword' && snapshot.matches('editing')) {
          const { status } = (event as unknown as { error: { status: number } }).error;
          expect(emitted.at(-1)).toEqual(
            status === 429
              ? { type: 'toast', kind: 'error', key: 'errors.tooManyAttempts' }
              : { type: 'toast', kind: 'error', messages },
          );
        }
      },
    });
  });

  it('success shows the message and goes to /login 6 seconds after it, not a moment before', async () => {
    // spec: S2.RESET.SUCCESS, S4.RESET.FLOW, S9.REDIRECTS
    const a = createActor(
      resetPasswordMachine.provide({ actors: { resetPassword: fromPromise(async () => messages) } }),
      { input: { id: 'i', token: 't' } },
    ).start();
    const said: unknown[] = [];
    a.on('navigate', (e) => void said.push(e));
    vi.useFakeTimers();
    try {
      a.send({ type: 'CHANGE', field: 'password', value: 'new-password' });
      a.send({ type: 'CHANGE', field: 'retype', value: 'new-password' });
      a.send({ type: 'SUBMIT' });
      await vi.advanceTimersByTimeAsync(0);
      expect(a.getSnapshot().value).toBe('succeeded');
      expect(a.getSnapshot().context.done).toEqual(messages);
      await vi.advanceTimersByTimeAsync(5_999);
      expect(a.getSnapshot().value).toBe('succeeded');
      expect(said).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(a.getSnapshot().value).toBe('redirected');
      expect(said).toEqual([{ type: 'navigate', to: 'login' }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a new password longer than a password may be, before sending, with the limit', () => {
    const a = createActor(resetPasswordMachine, { input: { id: 'i', token: 't' } }).start();
    const long = 'p'.repeat(PASSWORD_MAX_LENGTH + 1);
    a.send({ type: 'CHANGE', field: 'password', value: long });
    a.send({ type: 'CHANGE', field: 'retype', value: long });
    a.send({ type: 'SUBMIT' });
    expect(a.getSnapshot().value).toBe('editing');
    expect(a.getSnapshot().context.errors).toEqual({ password: { code: 'tooLong', limit: PASSWORD_MAX_LENGTH } });
  });
});
