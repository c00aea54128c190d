import { describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import type { Case } from '../../contract/entities.ts';
import { createActor, fromPromise, waitFor } from 'xstate';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, TEXT_LIMITS } from '../../contract/limits.ts';
import { accusationMachine } from '../../machines/accusation.machine.ts';
import { caseLookupMachine } from '../../machines/case-lookup.machine.ts';
import { forgotPasswordMachine } from '../../machines/forgot-password.machine.ts';
import { loaderMachine } from '../../machines/loader.machine.ts';
import { loginMachine } from '../../machines/login.machine.ts';
import { registrationErrors, registrationMachine } from '../../machines/registration.machine.ts';
import { resetPasswordMachine } from '../../machines/reset-password.machine.ts';
import { verificationMachine } from '../../machines/verification.machine.ts';
import { testModel } from './model.ts';
import { SPEC_FIELD_LIMITS } from '../spec-numbers.ts';

const messages = {
  Message_en: 'ok',
  Message_am: 'እሺ',
  Message_or: 'ok',
  Message_tg: 'ok',
  Message_sm: 'ok',
  Message_af: 'ok',
};
const failures = (id: string) => [
  { type: `xstate.error.actor.${id}`, error: { status: 429, messages } },
  { type: `xstate.error.actor.${id}`, error: { status: 500, messages: null } },
  { type: `xstate.error.actor.${id}`, error: { status: 400, messages, fields: { email: 'invalid' } } },
];
const types = (emitted: EventObject[]) => emitted.map((e) => e.type);
const byValue = (s: { value: unknown }) => JSON.stringify(s.value);

describe('login machine', () => {
  it('starts with nothing typed and nothing refused', () => {
    expect(createActor(loginMachine).getSnapshot().context).toEqual({
      values: { email: '', password: '' },
      refusal: null,
    });
  });

  it('covers every state and transition; success logs in and goes to the dashboard; an unverified account is led to its code', async () => {
    const report = await testModel(loginMachine, {
      serialize: byValue,
      events: () => [
        { type: 'CHANGE', field: 'email', value: 'a@b.et' },
        { type: 'SUBMIT' },
        { type: 'xstate.done.actor.login', output: { token: 't' } },
        ...failures('login'),
        { type: 'xstate.error.actor.login', error: { status: 403, messages, registration: 'r-1' } },
        { type: 'ENTER_CODE' },
      ],
      check: ({ event, snapshot }, emitted, inputs) => {
        const { context } = snapshot;
        if (event.type === 'CHANGE') expect(context).toMatchObject({ values: { email: 'a@b.et' }, refusal: null });
        if (event.type === 'SUBMIT') expect(inputs.login).toEqual(context.values);
        if (event.type === 'xstate.error.actor.login') {
          const { status } = (event as unknown as { error: { status: number } }).error;
          if (status === 400 || status === 403) {
            expect(context.refusal).toEqual(messages);
            expect(emitted.at(-1)).toEqual({ type: 'toast', kind: 'error', messages });
          }
        }
        if (event.type === 'xstate.done.actor.login')
          expect(emitted.slice(-2)).toEqual([
            { type: 'loggedIn', token: 't' },
            { type: 'navigate', to: 'dashboard' },
          ]);
        if (event.type === 'xstate.error.actor.login') {
          const status = (event as unknown as { error: { status: number } }).error.status;
          expect(emitted.at(-1)?.type).toBe(status === 429 ? 'rateLimited' : status === 500 ? 'serverError' : 'toast');
          // The server-error page's Try again sends the login again.
          if (status === 500) expect(emitted.at(-1)).toEqual({ type: 'serverError', retry: { type: 'SUBMIT' } });
        }
        // Not verified yet: the code screen, as registration opens it (the flag on, the email with it).
        // With the registration the right password proved (the 403 carries it): the code confirms only that one.
        if (event.type === 'ENTER_CODE')
          expect(emitted.slice(-2)).toEqual([
            { type: 'otpFlag', on: true },
            {
              type: 'navigate',
              to: 'verifyEmail',
              state: { email: snapshot.context.values.email, registration: 'r-1' },
            },
          ]);
      },
    });
    expect(report.states.covered).toBe(report.states.total);
  });
});

describe('registration machine', () => {
  const fill = (a: ReturnType<typeof createActor<typeof registrationMachine>>, values: Record<string, string>) => {
    for (const [field, value] of Object.entries(values)) a.send({ type: 'CHANGE', field: field as never, value });
  };
  const good = {
    firstname: 'Almaz',
    middlename: 'Bekele',
    lastname: 'Gebre',
    gender: 'Female',
    subcity: 'Bole',
    woreda: '03',
    email: 'a@b.et',
    phone: '0911 22 33 44',
    password: 'long-password',
    confirmPassword: 'long-password',
  };

  it('checks the limits of spec section 5 before sending: fails at the limit itself, and says the longest that passes', () => {
    const base = { ...good, house_number: '', house_phone_number: '' };
    expect(registrationErrors(base)).toEqual({});
    expect(registrationErrors({ ...base, firstname: 'a'.repeat(49) })).toEqual({});
    expect(
      registrationErrors({
        ...base,
        firstname: 'a'.repeat(50),
        woreda: 'w'.repeat(20),
        house_number: 'h'.repeat(20),
        phone: '0'.repeat(20),
      }),
    ).toEqual({
      firstname: { code: 'tooLong', limit: 49 },
      woreda: { code: 'tooLong', limit: 19 },
      house_number: { code: 'tooLong', limit: 19 },
      phone: { code: 'tooLong', limit: 19 },
    });
    expect(registrationErrors({ ...base, confirmPassword: 'other' })).toEqual({
      confirmPassword: { code: 'mismatch' },
    });
    expect(registrationErrors({ ...base, email: ' ' }).email).toEqual({ code: 'required' });
    // A number the portal can compare and text (contract/phone.ts), as the server checks it (issue 48).
    for (const phone of ['0911', '000251911223344', '+2519112233'])
      expect(registrationErrors({ ...base, phone }).phone, phone).toEqual({ code: 'notPhone' });
    expect(registrationErrors({ ...base, phone: '+44 7911 223344' }).phone).toBeUndefined();
    // Not a mismatch while one of the two is still empty: that one is only required.
    expect(registrationErrors({ ...base, confirmPassword: '' }).confirmPassword).toEqual({ code: 'required' });
    expect(registrationErrors({ ...base, password: '' }).confirmPassword).toBeUndefined();
  });

  it("refuses each limited field at the spec's limit and sends it one character shorter: 50 for the names and sub-city, 20 for woreda, phones and house number", () => {
    // spec: S5.REGISTRATION.FIRST_NAME, S5.REGISTRATION.MIDDLE_NAME, S5.REGISTRATION.LAST_NAME, S5.REGISTRATION.SUBCITY
    // spec: S5.REGISTRATION.WOREDA, S5.REGISTRATION.PHONE, S5.REGISTRATION.HOUSE_PHONE, S5.REGISTRATION.HOUSE_NUMBER, S9.NAME_LIMITS
    const spec = SPEC_FIELD_LIMITS;
    // A phone number stays one number however many spaces it is written with: 0911223344 is 19 characters spaced out.
    const phoneOf = (length: number) =>
      '0911223344'
        .split('')
        .join(' ')
        .replace(' ', ' '.repeat(length - 18));
    const sending = registrationMachine.provide({ actors: { register: fromPromise(() => new Promise(() => {})) } });
    for (const [field, limit] of Object.entries(spec))
      for (const length of [limit - 1, limit]) {
        const value = field.includes('phone') ? phoneOf(length) : 'x'.repeat(length);
        expect(value).toHaveLength(length);
        const a = createActor(sending).start();
        fill(a, { ...good, [field]: value });
        a.send({ type: 'SUBMIT' });
        const refused = length === limit;
        expect(a.getSnapshot().value, `${field}, ${length} characters`).toBe(refused ? 'editing' : 'submitting');
        expect(a.getSnapshot().context.errors).toEqual(
          refused ? { [field]: { code: 'tooLong', limit: limit - 1 } } : {},
        );
        a.stop();
      }
  });

  it('checks the e-mail address and the password against the schema the server applies, and says their limits', () => {
    const base = { ...good, house_number: '', house_phone_number: '' };
    const long = {
      ...base,
      email: `${'a'.repeat(EMAIL_MAX_LENGTH)}@example.et`,
      password: 'p'.repeat(PASSWORD_MAX_LENGTH + 1),
    };
    long.confirmPassword = long.password;
    expect(registrationErrors(long)).toEqual({
      email: { code: 'tooLong', limit: EMAIL_MAX_LENGTH },
      password: { code: 'tooLong', limit: PASSWORD_MAX_LENGTH },
    });
  });

  it('covers every state and transition; success turns the otp flag on and goes to verification with the email', async () => {
    const report = await testModel(registrationMachine, {
      // Fields are filled one after another: the graph stays a line instead of every subset.
      serialize: (s) =>
        JSON.stringify({
          value: s.value,
          filled: Object.values(s.context.values).filter(Boolean).length,
          picture: !!s.context.picture,
        }),
      events: (s) => [
        ...Object.entries(good)
          .filter(([field]) => !s.context.values[field as never])
          .slice(0, 1)
          .map(([field, value]) => ({ type: 'CHANGE', field, value })),
        { type: 'SUBMIT' },
        { type: 'PICK_PICTURE', file: { name: 'a.png', size: 10, type: 'image/png' } },
        { type: 'PICK_PICTURE', file: { name: 'a.gif', size: 10, type: 'image/gif' } },
        { type: 'xstate.done.actor.register', output: { email: 'a@b.et', registration: 'r-1' } },
        ...failures('register'),
      ],
      check: ({ event, snapshot }, emitted, inputs) => {
        if (event.type === 'SUBMIT' && snapshot.matches('submitting')) {
          const { confirmPassword: _c, ...values } = snapshot.context.values;
          expect(inputs.register).toEqual({ values, picture: snapshot.context.picture });
        }
        if (event.type === 'xstate.error.actor.register') {
          const { status, fields } = (event as unknown as { error: { status: number; fields?: object } }).error;
          if (status === 400 && fields) expect(snapshot.context.errors).toEqual({ email: { code: 'invalid' } });
          if (status === 429)
            expect(emitted.at(-1)).toMatchObject({ type: 'rateLimited', words: 'errors.tooManyAttempts' });
        }
        if (event.type === 'xstate.done.actor.register') {
          expect(emitted.slice(-2)).toEqual([
            { type: 'otpFlag', on: true },
            { type: 'navigate', to: 'verifyEmail', state: { email: 'a@b.et', registration: 'r-1' } },
          ]);
        }
        if (event.type.startsWith('xstate.error.actor.register')) expect(types(emitted)).toContain('otpFlag');
      },
    });
    expect(report.states.covered).toBe(report.states.total);
  });

  it('keeps what was typed after a failure, and refuses a picture that is not an image', () => {
    const a = createActor(registrationMachine).start();
    fill(a, { ...good, firstname: 'a'.repeat(50) });
    a.send({ type: 'SUBMIT' });
    expect(a.getSnapshot().value).toBe('editing');
    expect(a.getSnapshot().context.errors.firstname).toEqual({ code: 'tooLong', limit: 49 });
    expect(a.getSnapshot().context.values.email).toBe('a@b.et');
    a.send({ type: 'PICK_PICTURE', file: { name: 'x.pdf', size: 5, type: 'application/pdf' } as never });
    expect(a.getSnapshot().context.errors.picture).toEqual({ code: 'notImage' });
    expect(a.getSnapshot().context.picture).toBeNull();
  });
});

describe('verification machine', () => {
  const verificationEvents = () => [
    { type: 'CHANGE', value: '12a34' },
    { type: 'CHANGE_PASSWORD', value: 'my own password' },
    { type: 'VERIFY' },
    { type: 'RESEND' },
    { type: 'xstate.done.actor.verify', output: messages },
    ...failures('verify'),
    { type: 'xstate.error.actor.verify', error: { status: 409, messages } },
    { type: 'xstate.done.actor.resend', output: messages },
    ...failures('resend'),
  ];
  it('covers every state and transition; verify names this browser’s registration, goes to /login with the flag off; resend toasts', async () => {
    await testModel(verificationMachine, {
      input: { email: 'a@b.et', registration: 'r-1' },
      start: 'registered',
      serialize: byValue,
      events: verificationEvents,
      check: ({ event, snapshot }, emitted, inputs) => {
        if (event.type === 'xstate.done.actor.verify')
          expect(types(emitted).slice(-3)).toEqual(['toast', 'otpFlag', 'navigate']);
        // The handle proves the registration is this browser's: no password goes with it.
        if (event.type === 'VERIFY' && snapshot.matches('verifying'))
          expect(inputs.verify).toEqual({ email: 'a@b.et', otp: snapshot.context.code, registration: 'r-1' });
        // A wrong code is said beside the field; someone registered the address since: the screen says so.
        if (
          event.type === 'xstate.error.actor.verify' &&
          (event as { error?: { status: number } }).error?.status === 400
        )
          expect(snapshot.context.refusal).toEqual(messages);
        if (
          event.type === 'xstate.error.actor.verify' &&
          (event as { error?: { status: number } }).error?.status === 409
        ) {
          expect(snapshot.value).toBe('replaced');
          expect(snapshot.context.refusal).toEqual(messages);
        }
      },
    });
    const a = createActor(verificationMachine, { input: { email: 'x' } }).start();
    expect(a.getSnapshot().context).toEqual({ email: 'x', code: '', password: '', refusal: null });
    a.send({ type: 'CHANGE', value: '12a34' });
    expect(a.getSnapshot().context.code).toBe('1234');
  });

  it('sends a code of any length as typed: numeric, no length check', async () => {
    // spec: S5.VERIFICATION_CODE
    const sent: unknown[] = [];
    const logic = verificationMachine.provide({
      actors: {
        verify: fromPromise(async ({ input }) => {
          sent.push(input.otp);
          throw { status: 400, messages };
        }),
      },
    });
    const codes = ['1', '12345', '123456', '1234567', '0'.repeat(40)];
    for (const code of codes) {
      const a = createActor(logic, { input: { email: 'a@b.et', registration: 'r-1' } }).start();
      a.send({ type: 'CHANGE', value: code });
      a.send({ type: 'VERIFY' });
      expect(a.getSnapshot().value, `a code of ${code.length} digits`).toBe('verifying');
      await waitFor(a, (s) => s.matches('editing'));
    }
    expect(sent).toEqual(codes);
  });

  it('without this browser’s registration, the code goes with the password chosen for it (ADR 0029)', async () => {
    await testModel(verificationMachine, {
      input: { email: 'a@b.et' },
      start: 'elsewhere',
      serialize: (s) => JSON.stringify({ v: s.value, p: s.context.password !== '' }),
      events: verificationEvents,
      check: ({ event, snapshot }, _emitted, inputs) => {
        if (event.type === 'CHANGE_PASSWORD')
          expect(snapshot.context).toMatchObject({ password: 'my own password', refusal: null });
        if (event.type === 'VERIFY' && snapshot.matches('verifying'))
          expect(inputs.verify).toEqual({
            email: 'a@b.et',
            otp: snapshot.context.code,
            password: snapshot.context.password,
          });
      },
    });
  });

  it('a resend names the registration this browser made, when it came with one (a code for nobody else’s)', async () => {
    const asked: unknown[] = [];
    const logic = verificationMachine.provide({
      actors: {
        resend: fromPromise(async ({ input }) => {
          asked.push(input);
          return messages;
        }),
      },
    });
    for (const input of [{ email: 'x@b.et', registration: 'r-1' }, { email: 'y@b.et' }]) {
      const a = createActor(logic, { input }).start();
      a.send({ type: 'RESEND' });
      await waitFor(a, (s) => s.matches('editing'));
    }
    expect(asked).toEqual([{ email: 'x@b.et', registration: 'r-1' }, { email: 'y@b.et' }]);
  });
});

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

describe('case lookup machine', () => {
  it('covers every state and transition: an empty number is refused, a found case is kept', async () => {
    await testModel(caseLookupMachine, {
      serialize: (s) =>
        JSON.stringify({
          value: s.value,
          empty: !s.context.caseNumber,
          found: !!s.context.found,
          error: !!s.context.errors.caseNumber,
        }),
      events: () => [
        { type: 'CHANGE', field: 'caseNumber', value: 'HDAB-2019-000001' },
        { type: 'CHANGE', field: 'caseNumber', value: '' },
        { type: 'SUBMIT' },
        { type: 'xstate.done.actor.lookup', output: { _id: 'c' } },
        { type: 'xstate.error.actor.lookup', error: { status: 404, messages } },
        { type: 'xstate.error.actor.lookup', error: { status: 429, messages } },
        { type: 'CHANGE', field: 'phone', value: ' 0911 ' },
      ],
      check: ({ event, snapshot }, emitted, inputs) => {
        const { context } = snapshot;
        if (event.type === 'SUBMIT' && snapshot.matches('looking')) {
          expect(context.errors).toEqual({});
          expect(inputs.lookup).toEqual({
            casenum: context.caseNumber.trim(),
            ...(context.phone ? { phone: context.phone.trim() } : {}),
          });
        }
        if (event.type === 'SUBMIT' && snapshot.matches('editing'))
          expect(context.errors).toEqual({ caseNumber: { code: 'required' } });
        if (event.type === 'xstate.done.actor.lookup') expect(context.found).toEqual({ _id: 'c' });
        if (event.type === 'xstate.error.actor.lookup') {
          const { status } = (event as unknown as { error: { status: number } }).error;
          if (status === 404) {
            expect(context.found).toBeNull();
            expect(emitted.at(-1)).toEqual({ type: 'toast', kind: 'error', messages });
          } else expect(emitted.at(-1)).toMatchObject({ type: 'rateLimited' });
        }
      },
    });
  });

  it('starts empty; a number of spaces is no number; a failure without words says the case was not found', async () => {
    const a = createActor(
      caseLookupMachine.provide({
        actors: {
          lookup: fromPromise<Case, { casenum: string }>(async () => {
            throw { status: 404 };
          }),
        },
      }),
    ).start();
    const toasts: EventObject[] = [];
    a.on('toast', (e) => void toasts.push(e));
    expect(a.getSnapshot().context).toEqual({ caseNumber: '', phone: '', found: null, errors: {} });
    a.send({ type: 'CHANGE', field: 'caseNumber', value: '   ' });
    a.send({ type: 'SUBMIT' });
    expect(a.getSnapshot().value).toBe('editing');
    a.send({ type: 'CHANGE', field: 'caseNumber', value: 'HDAB-2019-000001' });
    a.send({ type: 'SUBMIT' });
    await waitFor(a, (s) => s.matches('editing'));
    expect(toasts).toEqual([{ type: 'toast', kind: 'error', key: 'lookup.notFound' }]);
  });
});

describe('accusation machine', () => {
  it('covers every state and transition: required fields, PDF only, tracking code, cleared after success, a second complaint with its own PDF', async () => {
    await testModel(accusationMachine, {
      serialize: (s) =>
        JSON.stringify({
          value: s.value,
          subject: !!s.context.values.subject,
          description: !!s.context.values.description,
          file: !!s.context.attachment,
          code: s.context.trackingCode,
        }),
      events: (s) => [
        ...(s.context.values.subject ? [] : [{ type: 'CHANGE', field: 'subject', value: 'Delay' }]),
        ...(s.context.values.subject && !s.context.values.description
          ? [{ type: 'CHANGE', field: 'description', value: 'Late answer' }]
          : []),
        { type: 'SUBMIT' },
        { type: 'CANCEL' },
        { type: 'PROGRESS', percent: 50 },
        { type: 'PICK_FILE', file: { name: 'a.pdf', size: 100, type: 'application/pdf' } },
        { type: 'PICK_FILE', file: { name: 'a.exe', size: 100, type: 'application/octet-stream' } },
        { type: 'xstate.done.actor.submit', output: { tracking_code: 'ACC-1' } },
        { type: 'xstate.error.actor.submit', error: { status: 429, messages } },
        { type: 'xstate.error.actor.submit', error: { status: 400, messages, fields: { subject: 'required' } } },
        { type: 'xstate.error.actor.submit', error: { status: 0, offline: true } },
        { type: 'xstate.done.actor.keep' },
        { type: 'xstate.error.actor.keep', error: new Error('no storage') },
      ],
      check: ({ event, snapshot }, emitted, inputs) => {
        const { context } = snapshot;
        if (event.type === 'SUBMIT' && snapshot.matches('editing')) {
          if (!context.values.subject) expect(context.errors.subject).toEqual({ code: 'required' });
          if (!context.values.description) expect(context.errors.description).toEqual({ code: 'required' });
        }
        if (event.type === 'SUBMIT' && snapshot.matches('submitting')) {
          expect(context.progress).toBe(0);
          expect(inputs.submit).toMatchObject({ values: context.values, attachment: context.attachment });
        }
        if (event.type === 'PROGRESS' && snapshot.matches('submitting')) expect(context.progress).toBe(50);
        if (event.type === 'xstate.done.actor.submit') {
          expect(context.trackingCode).toBe('ACC-1');
          expect(context).toMatchObject({ values: { subject: '', description: '' }, attachment: null, errors: {} });
        }
        if (event.type === 'xstate.error.actor.submit' && snapshot.matches('editing')) {
          const { status } = (event as unknown as { error: { status: number } }).error;
          if (status === 400) {
            expect(context.errors).toEqual({ subject: { code: 'required' } });
            expect(emitted.at(-1)).toEqual({ type: 'toast', kind: 'error', messages });
          } else expect(emitted.at(-1)).toMatchObject({ type: 'rateLimited' });
        }
        if (event.type === 'xstate.error.actor.submit' && snapshot.matches('keeping'))
          expect(inputs.keep).toEqual({ values: context.values, attachment: context.attachment });
        if (event.type === 'CANCEL') expect(emitted.at(-1)).toEqual({ type: 'navigate', to: 'home' });
        // Kept offline: the form is cleared, as after a success; the device could not keep it: nothing typed is lost.
        if (event.type === 'xstate.done.actor.keep') expect(snapshot.context.values.subject).toBe('');
        if (event.type === 'xstate.error.actor.keep') expect(snapshot.context.values.subject).toBe('Delay');
        // A PDF chosen is kept from any state, the one after a complaint received included (issue 24).
        if (
          event.type === 'PICK_FILE' &&
          (event as unknown as { file: { name: string } }).file.name === 'a.pdf' &&
          !snapshot.matches('submitting')
        )
          expect(snapshot.context.attachment?.name).toBe('a.pdf');
      },
    });
    const a = createActor(accusationMachine).start();
    a.send({
      type: 'PICK_FILE',
      file: { name: 'big.pdf', size: 10 * 1024 * 1024 + 1, type: 'application/pdf' } as never,
    });
    expect(a.getSnapshot().context.errors.attachment).toEqual({ code: 'fileTooLarge', limit: 10 * 1024 * 1024 });
  });

  it('takes a PDF of exactly 10 MB (10 × 1024 × 1024 bytes) and refuses one byte more, before upload', () => {
    // spec: S9.ATTACHMENT, S5.APPLY.ATTACHMENT
    const a = createActor(accusationMachine).start();
    const pdf = (size: number) => ({ name: 'deed.pdf', size, type: 'application/pdf' }) as never;
    a.send({ type: 'PICK_FILE', file: pdf(10 * 1024 * 1024) });
    expect(a.getSnapshot().context.attachment).toMatchObject({ size: 10_485_760 });
    expect(a.getSnapshot().context.errors).toEqual({});
    a.send({ type: 'PICK_FILE', file: pdf(10 * 1024 * 1024 + 1) });
    expect(a.getSnapshot().context.attachment).toBeNull();
    expect(a.getSnapshot().context.errors).toEqual({ attachment: { code: 'fileTooLarge', limit: 10_485_760 } });
  });

  it('checks every text against the complaint schema before sending, with its limit; nothing typed is lost', () => {
    const a = createActor(accusationMachine).start();
    const subject = 's'.repeat(TEXT_LIMITS.accusationSubject + 1);
    a.send({ type: 'CHANGE', field: 'subject', value: subject });
    a.send({ type: 'CHANGE', field: 'description', value: 'Late answer' });
    a.send({ type: 'CHANGE', field: 'name', value: 'n'.repeat(TEXT_LIMITS.accusationName + 1) });
    a.send({ type: 'SUBMIT' });
    expect(a.getSnapshot().value).toBe('editing');
    expect(a.getSnapshot().context.errors).toEqual({
      subject: { code: 'tooLong', limit: TEXT_LIMITS.accusationSubject },
      name: { code: 'tooLong', limit: TEXT_LIMITS.accusationName },
    });
    expect(a.getSnapshot().context.values.subject).toBe(subject);
  });

  it('a 400 naming a field too long carries its limit, for the page to say', () => {
    const a = createActor(
      accusationMachine.provide({
        actors: {
          submit: fromPromise(async () =>
            Promise.reject({ status: 400, messages, fields: { subject: 'tooLong' }, limits: { subject: 200 } }),
          ),
        },
      }),
    ).start();
    a.send({ type: 'CHANGE', field: 'subject', value: 'Delay' });
    a.send({ type: 'CHANGE', field: 'description', value: 'Late answer' });
    a.send({ type: 'SUBMIT' });
    return waitFor(a, (s) => s.matches('editing') && !!s.context.errors.subject).then((s) =>
      expect(s.context.errors.subject).toEqual({ code: 'tooLong', limit: 200 }),
    );
  });
});

describe('loader machine', () => {
  it('covers loading, loaded, notFound, limitError and error with retry', async () => {
    const report = await testModel(loaderMachine, {
      serialize: byValue,
      events: () => [
        { type: 'xstate.done.actor.load', output: { x: 1 } },
        { type: 'xstate.error.actor.load', error: { status: 404 } },
        { type: 'xstate.error.actor.load', error: { status: 429 } },
        { type: 'xstate.error.actor.load', error: { status: 500 } },
        { type: 'xstate.error.actor.load', error: { status: 0 } },
        { type: 'RETRY' },
      ],
      check: ({ event, snapshot }, emitted) => {
        if (event.type === 'xstate.done.actor.load') expect(snapshot.context.data).toEqual({ x: 1 });
        const status = (event as unknown as { error?: { status: number } }).error?.status;
        if (status === undefined) return;
        const [state, said] = {
          404: ['notFound', undefined],
          429: ['limitError', 'rateLimited'],
          500: ['error', 'serverError'],
          0: ['error', undefined],
        }[status as 0 | 404 | 429 | 500];
        expect(snapshot.value).toBe(state);
        expect(emitted.at(-1)?.type).toBe(said);
      },
    });
    expect(report.states).toEqual({ covered: 5, total: 5 });
  });
});
