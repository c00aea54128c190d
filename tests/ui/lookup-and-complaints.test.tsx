import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ethiopianYear } from '../../contract/dates.ts';
import { maskedCase, printed, verifiedCase } from './fixtures.ts';
import { fakeApi, messages, renderAt } from './harness.tsx';

/** Looking up a case's status, making a complaint and following it, on the real screens with a fake API. */
describe('case status lookup', () => {
  const masked = maskedCase;

  it('an empty number shows the message and sends nothing', async () => {
    const calls = fakeApi({ 'GET /api/questions_api/get_all_questions': () => ({ status: 200, body: [] }) });
    renderAt('/checkstatus', 'Am');
    await userEvent.click(screen.getByRole('button', { name: 'ሁኔታውን ይመልከቱ' }));
    expect(screen.getByRole('textbox', { name: /የጉዳይ ቁጥር/ })).toHaveAccessibleDescription('እባክዎ ትክክለኛ የጉዳይ ቁጥር ያስገቡ');
    expect(screen.getByRole('link', { name: 'እባክዎ ትክክለኛ የጉዳይ ቁጥር ያስገቡ' })).toHaveAttribute('href', '#caseNumber');
    expect(calls.filter((c) => c.path.includes('get_case_by_casenum'))).toEqual([]);
  });

  it('shows a masked case with the note on how to see more, and the responder when verified', async () => {
    const calls = fakeApi({
      'GET /api/questions_api/get_all_questions': () => ({ status: 200, body: [] }),
      'POST /api/customer_case_api/get_case_by_casenum': () => ({ status: 200, body: masked }),
    });
    renderAt('/checkstatus', 'En');
    // This year's numbers as the example: case numbers count by the Ethiopian year.
    expect(screen.getByPlaceholderText(`HDAB-${ethiopianYear()}-000123`)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Case number/), 'HDAB-2019-000004');
    await userEvent.click(screen.getByRole('button', { name: 'Check Status' }));
    expect(await screen.findByRole('heading', { name: /HDAB-2019-000004/ })).toBeInTheDocument();
    expect(screen.getByText(/Personal details are partly hidden/)).toBeInTheDocument();
    expect(screen.getByText('09******44')).toBeInTheDocument();
    expect(screen.getByText('responded')).toBeInTheDocument();
    expect(screen.getByText('Meseret Alemu Bekele')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Print' })).toHaveAttribute('href', '/print/c1');
    expect(calls.find((c) => c.path.includes('get_case_by_casenum'))?.body).toEqual({ casenum: 'HDAB-2019-000004' });
  });

  it('with the phone on file the whole case shows, and Print passes the phone on (not in the URL)', async () => {
    const calls = fakeApi({
      'GET /api/questions_api/get_all_questions': () => ({ status: 200, body: [] }),
      'POST /api/customer_case_api/get_case_by_casenum': () => ({ status: 200, body: verifiedCase }),
      'GET /api/customer_case_api/print_case/c4': () => ({
        status: 200,
        body: printed('/Media/print-y.pdf'),
      }),
    });
    renderAt('/checkstatus', 'En');
    await userEvent.type(screen.getByLabelText(/^Case number/), 'HDAB-2019-000004');
    await userEvent.type(screen.getByLabelText(/^Phone number on file/), '0911223344');
    await userEvent.click(screen.getByRole('button', { name: 'Check Status' }));
    expect(await screen.findByText('Tesfaye')).toBeInTheDocument();
    expect(screen.queryByText(/Personal details are partly hidden/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Print' }));
    expect(await screen.findByRole('link', { name: /^Save the PDF/ })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/print/c4');
    expect(calls.find((c) => c.path.endsWith('print_case/c4'))?.headers['x-case-phone']).toBe('0911223344');
    expect(calls.find((c) => c.path.endsWith('get_case_by_casenum'))?.body).toEqual({
      casenum: 'HDAB-2019-000004',
      phone: '0911223344',
    });
  });

  it('a number that does not exist shows the server message, and beside the field, the number kept; the next lookup clears both (issue 51)', async () => {
    let found = false;
    fakeApi({
      'GET /api/questions_api/get_all_questions': () => ({ status: 200, body: [] }),
      'POST /api/customer_case_api/get_case_by_casenum': () =>
        found
          ? { status: 200, body: masked }
          : {
              status: 404,
              body: { code: 'caseNotFound', ...messages("This case isn't available.", 'ይህ ጉዳይ አይገኝም።') },
            },
    });
    renderAt('/checkstatus', 'Am');
    const field = screen.getByLabelText(/^የጉዳይ ቁጥር/);
    await userEvent.type(field, 'HDAB-2019-999999');
    await userEvent.click(screen.getByRole('button', { name: 'ሁኔታውን ይመልከቱ' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('ይህ ጉዳይ አይገኝም'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('HDAB-2019-999999');
    expect(screen.getByRole('link', { name: 'ይህ ጉዳይ አይገኝም' })).toHaveAttribute('href', '#caseNumber');
    // The spec's toast says it too, with the server's words, until the next lookup.
    expect(screen.getByText('ይህ ጉዳይ አይገኝም።')).toBeInTheDocument();
    found = true;
    await userEvent.clear(field);
    await userEvent.type(field, 'HDAB-2019-000004');
    await userEvent.click(screen.getByRole('button', { name: 'ሁኔታውን ይመልከቱ' }));
    expect(await screen.findByRole('heading', { name: /HDAB-2019-000004/ })).toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/ይህ ጉዳይ አይገኝም/)).not.toBeInTheDocument();
  });
});

describe('the bureau’s SMS number (issue 51)', () => {
  const contact = (sms_number: string | null) => ({
    'GET /api/questions_api/get_all_questions': () => ({ status: 200, body: [] }),
    'GET /api/bureau_api/contact': () => ({ status: 200, body: { sms_number, address: { am: 'ቦሌ', en: 'Bole' } } }),
    'POST /api/accusation_acceptor_api/create_accusation': () => ({
      status: 201,
      body: { tracking_code: 'ACC-ABCDEFGH23', ...messages('Received') },
    }),
  });

  it('the lookup says a case number can be texted to it, and the complaint’s confirmation its code; nothing without one', async () => {
    fakeApi(contact('8123'));
    const lookup = renderAt('/checkstatus', 'En');
    expect(
      await screen.findByText('From any phone you can also text the case number to 8123: the answer comes by SMS.'),
    ).toBeInTheDocument();
    lookup.unmount();
    renderAt('/makeaccusation', 'Am');
    await userEvent.type(screen.getByLabelText(/^ርዕስ/), 'Delay');
    await userEvent.type(screen.getByLabelText(/^መግለጫ/), 'Three months without an answer.');
    await userEvent.click(screen.getByRole('button', { name: 'አስገባ' }));
    expect(await screen.findByText(/ይህን ኮድ ወደ 8123 ይላኩ/)).toBeInTheDocument();
  });

  it('says nothing of texting when the portal knows no number', async () => {
    const calls = fakeApi(contact(null));
    renderAt('/checkstatus', 'En');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/bureau_api/contact')).toBe(true));
    expect(screen.queryByTestId('text-the-bureau')).not.toBeInTheDocument();
  });
});

describe('accusation', () => {
  it('refuses a file that is not a PDF before upload; success shows the tracking code and clears the form', async () => {
    const calls = fakeApi({
      'POST /api/accusation_acceptor_api/create_accusation': () => ({
        status: 201,
        body: { tracking_code: 'ACC-ABCDEFGH23', ...messages('Received') },
      }),
    });
    renderAt('/makeaccusation', 'En');
    await userEvent.upload(
      screen.getByLabelText(/^Attachment/),
      new File(['MZ'], 'virus.exe', { type: 'application/octet-stream' }),
      { applyAccept: false },
    );
    await waitFor(() => expect(screen.getByLabelText(/^Attachment/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(/^Attachment/)).toHaveAccessibleDescription('Choose a PDF file.');
    await userEvent.type(screen.getByLabelText(/^Subject/), 'Delay');
    await userEvent.type(screen.getByLabelText(/^Description/), 'Three months without an answer.');
    // spec: S9.TEXTAREA_ROWS (10 rows on the accusation form)
    expect(screen.getByLabelText(/^Description/)).toHaveAttribute('rows', '10');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    // The confirmation takes focus (so a phone scrolls to it and a screen reader reads it); the code leads to its page.
    const shown = (await screen.findByText(/^Your complaint has been received\. Keep this tracking code:$/)).closest(
      '[role="status"]',
    );
    expect(shown).toHaveFocus();
    expect(shown).toHaveTextContent('Write this code down or copy it');
    expect(screen.getByRole('link', { name: 'ACC-ABCDEFGH23' })).toHaveAttribute('href', '/complaint/ACC-ABCDEFGH23');
    const writes: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (t: string) => void writes.push(t) },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Copy ACC-ABCDEFGH23' }));
    expect(writes).toEqual(['ACC-ABCDEFGH23']);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Subject/)).toHaveValue('');
    expect((calls[0]?.body as FormData).get('subject')).toBe('Delay');
    expect((calls[0]?.body as FormData).get('attachment')).toBeNull();
  });

  it('takes a PDF of exactly 10 MB and refuses one byte more before upload, saying the labels’ 10 MB', async () => {
    // spec: S9.ATTACHMENT
    fakeApi({});
    renderAt('/makeaccusation', 'En');
    const picker = screen.getByLabelText('Attachment (one PDF, at most 10 MB)');
    const pdf = (size: number) => {
      const file = new File(['%PDF-1.4'], 'deed.pdf', { type: 'application/pdf' });
      Object.defineProperty(file, 'size', { value: size });
      return file;
    };
    await userEvent.upload(picker, pdf(10 * 1024 * 1024 + 1));
    await waitFor(() => expect(picker).toHaveAttribute('aria-invalid', 'true'));
    expect(picker).toHaveAccessibleDescription(
      'The file is larger than 10 MB. Merge or compress it, then choose it again.',
    );
    await userEvent.upload(picker, pdf(10 * 1024 * 1024));
    await waitFor(() => expect(picker).not.toHaveAttribute('aria-invalid'));
    expect(picker).not.toHaveAccessibleDescription(/larger than/);
  });

  it('its file field speaks the page’s language and names the file the form holds, not one it refused (issue 51)', async () => {
    fakeApi({});
    renderAt('/makeaccusation', 'Am');
    const picker = document.getElementById('attachment') as HTMLInputElement;
    expect(screen.getByText('ፋይል ይምረጡ')).toBeInTheDocument();
    expect(screen.getByText('ገና ፋይል አልተመረጠም')).toBeInTheDocument();
    await userEvent.upload(picker, new File(['%PDF-1.4'], 'ደብዳቤ.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('ደብዳቤ.pdf')).toBeInTheDocument();
    await userEvent.upload(picker, new File(['MZ'], 'virus.exe', { type: 'application/octet-stream' }), {
      applyAccept: false,
    });
    await waitFor(() => expect(picker).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByText('virus.exe')).not.toBeInTheDocument();
  });

  it('a text too long is refused before sending, with its limit; the server’s refusal says the limit too, never “at most 0”', async () => {
    const calls = fakeApi({
      'POST /api/accusation_acceptor_api/create_accusation': () => ({
        status: 400,
        body: {
          code: 'validation',
          fields: { accused_organizational_part: 'tooLong' },
          limits: { accused_organizational_part: 200 },
          ...messages('Check'),
        },
      }),
    });
    renderAt('/makeaccusation', 'En');
    const subject = screen.getByLabelText(/^Subject/);
    fireEvent.change(subject, { target: { value: 's'.repeat(201) } });
    await userEvent.type(screen.getByLabelText(/^Description/), 'Three months without an answer.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('Subject must be at most 200 characters.')).not.toHaveLength(0);
    expect(subject).toHaveValue('s'.repeat(201));
    expect(calls).toHaveLength(0);
    fireEvent.change(subject, { target: { value: 'Delay' } });
    await userEvent.type(screen.getByLabelText(/^Accused department/), 'Transfers');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText(/must be at most 200 characters\./)).not.toHaveLength(0);
    expect(document.body.textContent).not.toContain('at most 0');
  });

  it('asks for an SMS when the bureau answers in the page’s language; without a phone number the server’s refusal shows at the field', async () => {
    const calls = fakeApi({
      'POST /api/accusation_acceptor_api/create_accusation': () => ({
        status: 400,
        body: { code: 'validation', fields: { phone: 'required' }, ...messages('Check the marked fields') },
      }),
    });
    renderAt('/makeaccusation', 'Am');
    await userEvent.type(screen.getByLabelText(/^ርዕስ/), 'Delay');
    await userEvent.type(screen.getByLabelText(/^መግለጫ/), 'Three months without an answer.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'ቢሮው ምላሽ ሲሰጥ በአጭር መልእክት አሳውቁኝ' }));
    await userEvent.click(screen.getByRole('button', { name: 'አስገባ' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect((calls[0]?.body as FormData).get('notify')).toBe('Am');
    await waitFor(() => expect(screen.getByLabelText(/^ስልክ/)).toHaveAttribute('aria-invalid', 'true'));
    // What was typed and chosen stays.
    expect(screen.getByLabelText(/^ርዕስ/)).toHaveValue('Delay');
    expect(screen.getByRole('checkbox', { name: 'ቢሮው ምላሽ ሲሰጥ በአጭር መልእክት አሳውቁኝ' })).toBeChecked();
  });

  it('requires subject and description', async () => {
    const calls = fakeApi({});
    renderAt('/makeaccusation', 'Am');
    await userEvent.click(screen.getByRole('button', { name: 'አስገባ' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'ርዕስ ያስፈልጋል።' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'መግለጫ ያስፈልጋል።' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('following a complaint', () => {
  const answered = {
    tracking_code: 'ACC-ABCDEFGHJKLMN',
    status: 'answered',
    createdAt: '2026-11-02T08:00:00.000Z',
    reviewed_at: '2026-11-03T08:00:00.000Z',
    answered_at: '2026-11-04T08:00:00.000Z',
    answer: 'The clerk has been moved; thank you.',
    answer_file: 'ans.pdf',
  };

  it('the tracking code on /makeaccusation opens the complaint page: its state, dates and the answer', async () => {
    fakeApi({
      'GET /api/accusation_acceptor_api/get_accusation/ACC-ABCDEFGHJKLMN': () => ({ status: 200, body: answered }),
    });
    renderAt('/makeaccusation', 'En');
    await userEvent.type(screen.getByLabelText(/^Tracking code/), ' ACC-ABCDEFGHJKLMN ');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(window.location.pathname).toBe('/complaint/ACC-ABCDEFGHJKLMN'));
    expect(await screen.findByText('The clerk has been moved; thank you.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Complaint ACC-ABCDEFGHJKLMN');
    expect(screen.getByText('answered')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "The bureau's answer as a PDF" })).toHaveAttribute(
      'href',
      '/Media/ans.pdf',
    );
  });

  it('a complaint not yet answered says so; an unknown code says it is not found (Amharic)', async () => {
    fakeApi({
      'GET /api/accusation_acceptor_api/get_accusation/ACC-WAITING': () => ({
        status: 200,
        body: {
          ...answered,
          tracking_code: 'ACC-WAITING',
          status: 'received',
          reviewed_at: null,
          answered_at: null,
          answer: null,
          answer_file: null,
        },
      }),
      'GET /api/accusation_acceptor_api/get_accusation/ACC-NONE': () => ({
        status: 404,
        body: { code: 'complaintNotFound', ...messages('No complaint') },
      }),
    });
    const waiting = renderAt('/complaint/ACC-WAITING', 'Am');
    expect(await screen.findByText('ደርሷል')).toBeInTheDocument();
    expect(screen.getByText(/^ቢሮው ገና ምላሽ አልሰጠም/)).toBeInTheDocument();
    waiting.unmount();
    renderAt('/complaint/ACC-NONE', 'Am');
    expect(await screen.findByText(/^በዚህ መከታተያ ኮድ የተመዘገበ ቅሬታ የለም/)).toBeInTheDocument();
  });
});
