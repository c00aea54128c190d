import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../../contract/limits.ts';
import { linkedTarget, loginMachine } from '../../machines/login.machine.ts';
import { linkedPage } from '../../contract/linked.ts';
import { registrationErrors, registrationMachine } from '../../machines/registration.machine.ts';
import { verificationMachine } from '../../machines/verification.machine.ts';
import { testModel } from './model.ts';
import { SPEC_FIELD_LIMITS } from '../spec-numbers.ts';
import { byValue, failures, messages, types } from './form-events.ts';

describe('login machine', () => {
  const loginEvents = () => [
    { type: 'CHANGE', field: 'email', value: 'a@b.et' },
    { type: 'SUBMIT' },
    { type: 'xstate.done.actor.login', output: { token: 't' } },
    ...failures('login'),
    { type: 'xstate.error.actor.login', error: { status: 403, messages, registration: 'r-1' } },
    { type: 'ENTER_CODE' },
  ];
  it('starts with nothing typed and nothing refused', () => {
    expect(createActor(loginMachine, { input: {} }).getSnapshot().context).toEqual({
      values: { email: '', password: '' },
      refusal: null,
      linked: null,
    });
  });

  it('from a link to a case, a login names that case (its answer brings it) and opens it, not the dashboard’s home (ADR 0034), with its number and type for its reads (ADR 0040)', async () => {
    const page = linkedPage('/dashboard/case/c-1?case=HDAB-2019-000010&type=t-1');
    expect(page).not.toBeNull();
    await testModel(loginMachine, {
      input: { linked: linkedTarget(page!) },
      start: 'linked',
      serialize: byValue,
      events: loginEvents,
      check: ({ event, snapshot }, emitted, inputs) => {
        if (event.type === 'SUBMIT') expect(inputs.login).toEqual({ ...snapshot.context.values, linked_case: 'c-1' });
        if (event.type === 'xstate.done.actor.login')
          expect(emitted.slice(-2)).toEqual([
            { type: 'loggedIn', token: 't' },
            {
              type: 'navigate',
              to: 'dashboard',
              replace: true,
              href: '/dashboard/case/c-1',
              state: { caseNumber: 'HDAB-2019-000010', caseListId: 't-1' },
            },
          ]);
      },
    });
    // A print's link, or one that names no case, hands nothing on; a number that is not one is not handed on.
    expect(linkedTarget(linkedPage('/print/c-1?case=HDAB-2019-000010')!)).toEqual({ href: '/print/c-1' });
    expect(linkedTarget(linkedPage('/dashboard/settings')!)).toEqual({ href: '/dashboard/settings' });
    expect(linkedTarget(linkedPage('/dashboard/case/c-1?case=Call%20me&type=t-1')!)).toEqual({
      href: '/dashboard/case/c-1',
      caseId: 'c-1',
    });
  });

  it('covers every state and transition; success logs in and goes to the dashboard; an unverified account is led to its code', async () => {
    const report = await testModel(loginMachine, {
      serialize: byValue,
      events: loginEvents,
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
            // In the login's place: Back does not show a login form to someone logged in.
            { type: 'navigate', to: 'dashboard', replace: true },
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
        if (event.type === 'xstate.done.actor.verify') {
          expect(types(emitted).slice(-3)).toEqual(['toast', 'otpFlag', 'navigate']);
          // The login opens with the address just verified (issue 51).
          expect(emitted.at(-1)).toEqual({ type: 'navigate', to: 'login', state: { email: 'a@b.et' } });
        }
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
