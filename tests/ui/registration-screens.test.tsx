import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, messages, renderAt } from './harness.tsx';

/** Registration and its code, on the real screens with a fake API. */
describe('registration and verification', () => {
  /** The registration form filled as a person would, every required field valid. */
  async function fillRegistration() {
    const fill = async (label: RegExp, value: string) => userEvent.type(screen.getByLabelText(label), value);
    await fill(/^First name/, 'Almaz');
    await fill(/^Middle name/, 'Bekele');
    await fill(/^Last name/, 'Gebre');
    await userEvent.selectOptions(screen.getByLabelText(/^Gender/), 'Female');
    await fill(/^Sub-city/, 'Bole');
    await fill(/^Woreda/, '03');
    await fill(/^Email/, 'almaz@example.et');
    await fill(/^Phone/, '0911223344');
    await fill(/^Password/, 'long-password');
    await fill(/^Confirm password/, 'long-password');
  }

  it('says the password’s rule beside it before the first try, and a short one by its limit (issue 51)', async () => {
    fakeApi({
      'POST /api/customer_user_api/create_customer_user': () => ({
        status: 400,
        body: {
          ...messages('Validation failed'),
          code: 'validation',
          fields: { password: 'tooShort' },
          limits: { password: 8 },
        },
      }),
    });
    renderAt('/register', 'Am');
    // The password first, its confirmation after it (whose label begins with the same words).
    expect((await screen.findAllByLabelText(/^የይለፍ ቃል/))[0]).toHaveAccessibleDescription('ቢያንስ 8 ቁምፊዎች።');
    cleanup();
    renderAt('/register', 'En');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('At least 8 characters.');
    await fillRegistration();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Password must be at least 8 characters.' })).toHaveAttribute(
      'href',
      '#password',
    );
  });

  it('checks the limits before sending: the error summary takes focus and nothing typed is lost', async () => {
    const calls = fakeApi({});
    renderAt('/register', 'En');
    await userEvent.type(screen.getByLabelText(/^First name/), 'a'.repeat(50));
    await userEvent.type(screen.getByLabelText(/^Woreda/), 'w'.repeat(20));
    await userEvent.type(screen.getByLabelText(/^Password/), 'one-password');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'other-password');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', { name: 'First name must be at most 49 characters.' })).toHaveAttribute(
      'href',
      '#firstname',
    );
    expect(within(summary).getByRole('link', { name: 'Woreda must be at most 19 characters.' })).toBeInTheDocument();
    expect(
      within(summary).getByRole('link', { name: "Password and confirm password don't match" }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^First name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^First name/)).toHaveValue('a'.repeat(50));
    expect(calls).toEqual([]);
  });

  it('registers, turns the otp flag on, and verifies the email with the code for this browser’s registration', async () => {
    const calls = fakeApi({
      'POST /api/customer_user_api/create_customer_user': () => ({
        status: 201,
        body: { email: 'almaz@example.et', registration: 'r-1', ...messages('Registration received.') },
      }),
      'POST /api/customer_user_api/validate_customer_otp': () => ({
        status: 200,
        body: messages('Your email is verified.'),
      }),
    });
    renderAt('/register', 'En');
    await fillRegistration();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByText('Enter the code we sent to almaz@example.et.')).toBeInTheDocument();
    const sent = calls[0]?.body as FormData;
    expect(sent.get('firstname')).toBe('Almaz');
    expect(sent.get('gender')).toBe('Female');
    expect(sent.get('confirmPassword')).toBeNull();
    // spec: S5.VERIFICATION_CODE (a numeric input, no length check before sending)
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('inputmode', 'numeric');
    // This browser made the registration: its handle proves it, no password is asked (ADR 0029).
    expect(screen.queryByLabelText('The password you chose when registering')).toBeNull();
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ email: 'almaz@example.et', otp: '123456', registration: 'r-1' });
    expect(sessionStorage.getItem('otpScreen')).toBeNull();
  });

  it('the gender select offers exactly Male and Female, and one must be chosen', async () => {
    // spec: S9.GENDER, S2.REGISTER.FIELDS
    const calls = fakeApi({});
    const english = renderAt('/register', 'En');
    const choices = (label: RegExp) =>
      within(screen.getByLabelText(label))
        .getAllByRole('option')
        .map((o) => [(o as HTMLOptionElement).value, o.textContent]);
    expect(choices(/^Gender/)).toEqual([
      ['', 'Choose…'],
      ['Male', 'Male'],
      ['Female', 'Female'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(within(await screen.findByRole('alert')).getByRole('link', { name: 'Gender is required.' })).toHaveAttribute(
      'href',
      '#gender',
    );
    expect(calls).toEqual([]);
    english.unmount();
    // In Amharic the words are Amharic; what is sent stays Male or Female.
    renderAt('/register', 'Am');
    expect(choices(/^ፆታ/)).toEqual([
      ['', 'ይምረጡ…'],
      ['Male', 'ወንድ'],
      ['Female', 'ሴት'],
    ]);
  });

  it('sends the verification code whatever its length: a numeric input with no length check', async () => {
    // spec: S5.VERIFICATION_CODE
    const calls = fakeApi({
      'POST /api/customer_user_api/validate_customer_otp': () => ({
        status: 400,
        body: { code: 'otpInvalid', ...messages('The code is wrong or has expired.') },
      }),
    });
    sessionStorage.setItem('otpScreen', 'on');
    renderAt('/email/verification', 'En', { email: 'almaz@example.et', registration: 'r-1' });
    const code = screen.getByLabelText('Verification code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    for (const limit of ['maxlength', 'minlength', 'pattern']) expect(code).not.toHaveAttribute(limit);
    const typed = ['1', '12345', '1234567', '1'.repeat(30)];
    for (const otp of typed) {
      await userEvent.clear(code);
      await userEvent.type(code, otp);
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    }
    expect(calls.map((c) => (c.body as { otp: string }).otp)).toEqual(typed);
  });

  it('a wrong code is said beside the code field, and stays until the code is typed again', async () => {
    let tries = 0;
    fakeApi({
      'POST /api/customer_user_api/create_customer_user': () => ({
        status: 201,
        body: { email: 'almaz@example.et', ...messages('Registration received.') },
      }),
      'POST /api/customer_user_api/validate_customer_otp': () =>
        ++tries === 1
          ? { status: 400, body: { code: 'otpInvalid', ...messages('The code is wrong or has expired.') } }
          : { status: 200, body: messages('Verified.') },
    });
    renderAt('/register', 'En');
    await fillRegistration();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    const code = await screen.findByLabelText('Verification code');
    await userEvent.type(code, '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(/The code is wrong or has expired\./));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(code);
    expect(code).not.toHaveAccessibleDescription(/The code is wrong/);
  });

  it('a 429 on registration locks the button with the spec’s words for it: “Too many attempts. Please try again later.”', async () => {
    fakeApi({
      'POST /api/customer_user_api/create_customer_user': () => ({
        status: 429,
        body: { code: 'tooManyRequests', ...messages('Too many') },
      }),
    });
    renderAt('/register', 'En');
    await fillRegistration();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await within(screen.getByRole('main')).findByText('Too many attempts. Please try again later.'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByText('Please wait 3 minutes before retrying.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
    // spec: S8.429.REGISTRATION (a 180-second lockout: the clock runs, so its first second may have passed)
    expect(within(screen.getByRole('main')).getByText(/^(180|179) seconds left$/)).toBeInTheDocument();
    // A screen reader hears the same words, and they stay after a reload.
    expect(screen.getByTestId('lockout-announcer')).toHaveTextContent('Too many attempts. Please try again later.');
    expect(JSON.parse(sessionStorage.getItem('lockout') ?? '{}')).toMatchObject({ words: 'errors.tooManyAttempts' });
  });

  it('a registration 429 that asks for an hour keeps the spec’s words, with the time left beside them', async () => {
    fakeApi({
      'POST /api/customer_user_api/create_customer_user': () => ({
        status: 429,
        headers: { 'retry-after': '3600' },
        body: { code: 'tooManyRequests', ...messages('Too many') },
      }),
    });
    renderAt('/register', 'En');
    await fillRegistration();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    const main = within(screen.getByRole('main'));
    expect(await main.findByText('Too many attempts. Please try again later.')).toBeInTheDocument();
    expect(main.queryByText(/Please wait \d+ minutes/)).toBeNull();
    expect(main.getByText('60 minutes left')).toBeInTheDocument();
    expect(screen.getByTestId('lockout-announcer')).toHaveTextContent(/^Too many attempts\. Please try again later\.$/);
  });

  it('the verification screen is unreachable while the otp flag is off', () => {
    fakeApi({});
    renderAt('/email/verification', 'En', { email: 'x@y.et' });
    expect(screen.getByRole('heading', { name: 'Register' })).toBeInTheDocument();
  });
});
