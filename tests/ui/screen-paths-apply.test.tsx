import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyMachine } from '../../machines/apply.machine.ts';
import { SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import { fakeToken, messages } from './harness.tsx';
import { driveScreenPaths, failures, parts, retryOrWait, user, value } from './screen-paths.tsx';
import { NO_CASES } from './fixtures.ts';

/** The machines' model paths drive the real screens (applying for a case); tests/ui/screen-paths.tsx drives them. */
describe('the machines’ paths drive their screens', () => {
  it.each(parts(4))(
    'apply: every transition, on the screen (Radix selects, confirmation, Change, redirect), part $number of $of',
    async (part) => {
      const n = (en: string, prefix = 'name') =>
        Object.fromEntries(['en', 'am', 'or', 'tg', 'sm', 'af'].map((l) => [`${prefix}_${l}`, en]));
      const options = {
        divisions: [{ _id: 'd1', status: 'active', special: 'no', ...n('Condominium'), ...n('d', 'description') }],
        caseLists: [
          {
            _id: 'l1',
            division: { _id: 'd1' },
            status: 'active',
            time_limit: 5,
            ...n('Transfer', 'case_name'),
            questions: [
              {
                _id: 'q1',
                caselist: { _id: 'l1' },
                inputType: 'normal_input',
                dataType: 'number',
                isRequired: 'yes',
                ...n('Floor'),
                enumValues: [],
              },
            ],
          },
        ],
        ownCases: [],
      };
      const token = fakeToken();
      await driveScreenPaths(applyMachine, {
        part,
        route: '/dashboard/cases',
        setup: () => sessionStorage.setItem(SESSION_STORAGE_KEY, token),
        input: { draft: null },
        extraRoutes: {
          'GET /api/case_list_api/get_case_list': () => ({ status: 200, body: options.caseLists }),
          'GET /api/customer_case_api/get_by_case_customerid': () => ({ status: 200, body: [] }),
          'GET /api/customer_case_api/get_case_cust': () => ({
            status: 200,
            body: NO_CASES,
          }),
          'GET /api/customer_case_api/get_case': () => ({
            status: 200,
            body: { cases: [], currentPage: 1, totalPages: 1, totalCases: 0 },
          }),
        },
        serialize: (s) => {
          const v = (
            s.context as {
              values: { division: string; caselist: string; remark: string; answers: Record<string, string> };
            }
          ).values;
          return JSON.stringify({
            st: s.value,
            d: !!v.division,
            c: !!v.caselist,
            q: !!v.answers.q1,
            r: !!v.remark,
            f: !!(s.context as { attachment: unknown }).attachment,
          });
        },
        events: (s) => {
          const v = (
            s.context as {
              values: { division: string; caselist: string; remark: string; answers: Record<string, string> };
            }
          ).values;
          return [
            { type: 'xstate.done.actor.loadOptions', output: options },
            ...failures('loadOptions', [429, 0]),
            { type: 'RETRY' },
            ...(!v.division ? [{ type: 'CHANGE_DIVISION', value: 'd1' }] : []),
            ...(v.division && !v.caselist ? [{ type: 'CHANGE_CASELIST', value: 'l1' }] : []),
            ...(v.caselist && !v.answers.q1 ? [{ type: 'ANSWER', questionId: 'q1', value: '3' }] : []),
            ...(v.answers.q1 && !v.remark ? [{ type: 'CHANGE', field: 'remark', value: 'Please' }] : []),
            { type: 'PICK_FILE', file: { name: 'a.pdf', size: 10, type: 'application/pdf' } },
            { type: 'APPLY' },
            { type: 'BACK' },
            { type: 'EDIT', field: 'remark' },
            { type: 'SUBMIT' },
            { type: 'CANCEL' },
            { type: 'xstate.done.actor.submit', output: { case: { _id: 'c9', case_number: 'HDAB-2019-000009' } } },
            ...failures('submit', [429, 400, 0]),
            { type: 'xstate.after.REDIRECT.apply.succeeded.counting' },
            { type: 'STAY' },
            { type: 'LEAVE' },
          ];
        },
        calls: { loadOptions: 'GET /api/division_api/get_division', submit: 'POST /api/customer_case_api/create_case' },
        answers: {
          loadOptions: options.divisions,
          submit: {
            case: {
              _id: 'c9',
              case_number: 'HDAB-2019-000009',
              status: 'pending',
              createdAt: '2026-11-22T00:00:00.000Z',
              division: { _id: 'd1', ...n('Condominium') },
              caselist: { _id: 'l1', ...n('Transfer', 'case_name') },
            },
            ...messages('Submitted'),
          },
        },
        user: {
          RETRY: retryOrWait,
          CHANGE_DIVISION: async () => {
            await user().click(screen.getByRole('combobox', { name: /^Division/ }));
            await user().click(screen.getByRole('option', { name: 'Condominium' }));
          },
          CHANGE_CASELIST: async () => {
            await user().click(screen.getByRole('combobox', { name: /^Case request/ }));
            await user().click(screen.getByRole('option', { name: 'Transfer' }));
          },
          ANSWER: async (e) => user().type(screen.getByLabelText(/^Floor/), value(e)),
          CHANGE: async (e) => user().type(screen.getByLabelText(/^Remark/), value(e)),
          PICK_FILE: async () =>
            user().upload(
              screen.getByLabelText(/^Attachment/),
              new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' }),
            ),
          APPLY: async () => user().click(screen.getByRole('button', { name: 'Apply' })),
          BACK: async () => user().click(screen.getByRole('button', { name: 'Cancel' })),
          EDIT: async () => user().click(screen.getByRole('button', { name: 'Change Remark' })),
          // After a dropped connection the same button says Send again.
          SUBMIT: async () =>
            user().click(
              screen.queryByRole('button', { name: 'Send again' }) ?? screen.getByRole('button', { name: 'Apply' }),
            ),
          CANCEL: async () => user().click(screen.getByRole('button', { name: 'Cancel' })),
          STAY: async () => user().click(screen.getByRole('button', { name: 'Stay on this page' })),
          LEAVE: async () => user().click(screen.getByRole('button', { name: 'Go to my cases' })),
        },
        shows: {
          loading: () => expect(screen.getByText('Loading…')).toBeInTheDocument(),
          failed: () => expect(screen.getByText('The application form could not be loaded.')).toBeInTheDocument(),
          editing: () => expect(document.body.textContent).toMatch(/Before you apply|Dashboard/),
          '{review:confirming}': () =>
            expect(screen.getByRole('heading', { name: 'Check your application' })).toBeInTheDocument(),
          submitting: () => expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled(),
          '{review:submitFailed}': () =>
            expect(screen.getByRole('alert')).toHaveTextContent('Everything you entered is kept'),
          '{succeeded:counting}': () => {
            expect(
              screen.getByText('Your case has been submitted. Its case number:').closest('[role="status"]'),
            ).toHaveTextContent('HDAB-2019-000009');
            expect(screen.getByRole('button', { name: 'Stay on this page' })).toBeInTheDocument();
          },
          '{succeeded:staying}': () =>
            expect(screen.getByText('This page stays until you press Go to my cases.')).toBeInTheDocument(),
          done: () => expect(window.location.pathname).toBe('/dashboard/casestatus'),
        },
      });
    },
  );
});
