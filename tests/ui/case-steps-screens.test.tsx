import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Case } from '../../contract/entities.ts';
import type { FakeRoutes } from './harness.tsx';
import { asked, loggedIn, CASE_LISTS, verified } from './dashboard-fixtures.ts';
import { messages, renderAt } from './harness.tsx';

/** The customer's steps on a case's page (answer, withdraw, appeal), on the real screens with a fake API. */
describe("the customer's steps on a case", () => {
  const withStatus = (status: string, extra: Partial<Record<keyof Case, unknown>> = {}) =>
    ({
      ...verified(false),
      status,
      responded_by: null,
      response_justification: null,
      verified_date: null,
      ...extra,
    }) as unknown as Case;
  const routes = (c: () => Case, history: unknown[], extra: FakeRoutes = {}): FakeRoutes => ({
    'GET /api/customer_case_api/get_all_cases': () => ({ status: 200, body: [c()] }),
    'GET /api/case_list_api/get_case_list/l1': () => ({ status: 200, body: CASE_LISTS[0] }),
    'GET /api/div_rate/get_rating_bycase/c4': () => ({ status: 200, body: [] }),
    'GET /api/customer_case_history_api/get_case_history': () => ({ status: 200, body: history }),
    ...extra,
  });

  it('shows the bureau’s question; the answer needs text, is confirmed, sent with its PDF, and the page shows the case it brought back', async () => {
    const answered = {
      ...asked,
      _id: 'h2',
      from_status: 'info_requested',
      to_status: 'ongoing',
      by: { kind: 'customer', firstname: 'Abebe', middlename: 'Kebede', lastname: 'Tesfaye' },
      note: 'The deed is attached.',
    };
    const calls = loggedIn(
      routes(() => withStatus('info_requested'), [asked], {
        'POST /api/customer_case_api/answer_info/c4': () => ({
          status: 200,
          body: { case: withStatus('ongoing'), history: [asked, answered], ...messages('Your answer has been sent.') },
        }),
      }),
    );
    renderAt('/dashboard/case/c4', 'En');
    expect(await screen.findByText('Please send the title deed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Appeal the rejection' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Answer the bureau' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answer the request for information' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Your answer is required.')).toBeInTheDocument();
    // The refused field takes the focus: a screen reader reads it with its error.
    expect(within(dialog).getByLabelText(/^Your answer/)).toHaveFocus();
    await user.type(within(dialog).getByLabelText(/^Your answer/), 'The deed is attached.');
    await user.upload(
      within(dialog).getByLabelText(/^A PDF/),
      new File(['%PDF-1.4'], 'deed.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText(/^Send this answer to the bureau\?/)).toBeInTheDocument();
    // The confirmation names the PDF that goes with the answer.
    expect(within(dialog).getByText('deed.pdf').closest('p')).toHaveTextContent('PDF attached: deed.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your answer has been sent.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Answer the bureau' })).not.toBeInTheDocument());
    // The case and its history as the answer brought them: the question is answered, the answer is in the history.
    expect(screen.queryByText('Please send the title deed', { selector: 'blockquote' })).not.toBeInTheDocument();
    expect(screen.getByText(/The deed is attached\./, { selector: 'li' })).toBeInTheDocument();
    // Nothing was read again after the step.
    const step = calls.findIndex((c) => c.path.endsWith('/answer_info/c4'));
    expect(calls.slice(step + 1).map((c) => c.path)).toEqual([]);
    const sent = calls[step]?.body as FormData;
    expect(sent.get('answer')).toBe('The deed is attached.');
    expect((sent.get('attachment') as File).name).toBe('deed.pdf');
  });

  it('withdraws a pending case after a confirmation; a refusal keeps what was typed', async () => {
    const calls = loggedIn(
      routes(() => withStatus('pending'), [], {
        'POST /api/customer_case_api/withdraw_case/c4': () => ({
          status: 409,
          body: { code: 'stepRefused', ...messages('This cannot be done for this case in its present state.') },
        }),
      }),
    );
    renderAt('/dashboard/case/c4', 'En');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Withdraw this case' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the case' });
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Filed by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This cannot be done for this case in its present state.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Reason/)).toHaveValue('Filed by mistake');
    expect(calls.find((c) => c.path.endsWith('/withdraw_case/c4'))?.body).toEqual({ reason: 'Filed by mistake' });
  });

  it('offers an appeal of a recent rejection with its last day, and none once appealed or too late', async () => {
    const recent = new Date(Date.now() - 2 * 86_400_000).toISOString();
    loggedIn(
      routes(() => withStatus('rejected', { rejected_date: recent, rejection_justification: 'Incomplete' }), []),
    );
    const view = renderAt('/dashboard/case/c4', 'En');
    expect(await screen.findByRole('button', { name: 'Appeal the rejection' })).toBeInTheDocument();
    expect(screen.getByText(/^You can appeal this decision until/)).toBeInTheDocument();
    // The bureau's reason is said beside the offer to appeal, before the button.
    const reason = screen.getByText("The bureau's reason for the rejection:").parentElement as HTMLElement;
    expect(reason).toHaveTextContent('Incomplete');
    expect(
      reason.compareDocumentPosition(screen.getByRole('button', { name: 'Appeal the rejection' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw this case' })).not.toBeInTheDocument();
    view.unmount();
    loggedIn(routes(() => withStatus('rejected', { rejected_date: recent, appealed_date: recent }), []));
    const appealed = renderAt('/dashboard/case/c4', 'En');
    expect(await screen.findByText('Condominium')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Appeal the rejection' })).not.toBeInTheDocument();
    appealed.unmount();
    loggedIn(routes(() => withStatus('rejected', { rejected_date: '2020-01-01T00:00:00.000Z' }), []));
    renderAt('/dashboard/case/c4', 'En');
    expect(await screen.findByText('Condominium')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Appeal the rejection' })).not.toBeInTheDocument();
  });

  it('after an upheld appeal shows the decision, its day and note, and the rejection’s own reason beside it (issue 51)', async () => {
    const rejected = new Date(Date.now() - 20 * 86_400_000).toISOString();
    loggedIn(
      routes(
        () =>
          withStatus('rejected', {
            rejected_date: rejected,
            appealed_date: rejected,
            rejection_justification: 'The title deed is missing',
            rejected_by: { firstname: 'Almaz', middlename: '', lastname: 'Bekele' },
            appeal_decision: { upheld: true, date: '2026-11-20T08:00:00.000Z', note: 'Checked again' },
          }),
        [],
      ),
    );
    renderAt('/dashboard/case/c4', 'En');
    const decision = await screen.findByTestId('appeal-decision');
    expect(decision).toHaveTextContent(
      /^On .+ the bureau decided your appeal: the rejection stands\. Its note:Checked again$/,
    );
    const reason = screen.getByText("The bureau's reason for the rejection:").parentElement as HTMLElement;
    expect(reason).toHaveTextContent('The title deed is missing');
    expect(decision.compareDocumentPosition(reason) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The details say it too: the rejection's reason, and the decision on the appeal.
    expect(screen.getByText('Decision on the appeal').nextElementSibling).toHaveTextContent('the rejection stands');
    expect(screen.queryByRole('button', { name: 'Appeal the rejection' })).not.toBeInTheDocument();
  });
});
