import type { Case, CaseList, CaseSummary, Customer, Division } from '../../contract/entities.ts';
import { SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import type { FakeRoutes } from './harness.tsx';
import { names } from './fixtures.ts';
import { fakeApi, fakeToken, renderAt } from './harness.tsx';

/** The demo customer, their cases and the bureau's options, as the dashboard's screen tests answer them. */
export const CUSTOMER = {
  _id: 'customer-1',
  firstname: 'Abebe',
  middlename: 'Kebede',
  lastname: 'Tesfaye',
  gender: 'Male',
  status: 'active',
  picture: null,
  phone: '0911223344',
  email: 'demo@example.et',
  woreda: '03',
  subcity: 'Bole',
  house_number: '',
  house_phone_number: '0116612345',
  preferred_language: 'Am',
} satisfies Customer;
export const summary = (n: number, status: CaseSummary['status'] = 'pending'): CaseSummary => ({
  _id: `c${n}`,
  case_number: `HDAB-2019-${String(n).padStart(6, '0')}`,
  status,
  createdAt: '2026-11-01T08:00:00.000Z',
  division: { _id: 'd1', ...names('Condominium', 'የጋራ መኖሪያ') } as CaseSummary['division'],
  caselist: { _id: 'l1', ...names('Transfer', 'ማስተላለፍ', 'case_name') } as CaseSummary['caselist'],
});
export const STATS = {
  totalCases: 12,
  pendingCases: 5,
  processingCases: 4,
  respondedCases: 2,
  rejectedCases: 1,
  withdrawnCases: 0,
};

/** A logged-in customer with the shell's profile call answered. */
export function loggedIn(routes: FakeRoutes) {
  sessionStorage.setItem(SESSION_STORAGE_KEY, fakeToken());
  return fakeApi({
    'GET /api/customer_user_api/get_customer_user/customer-1': () => ({ status: 200, body: CUSTOMER }),
    ...routes,
  });
}

/** The dashboard of a customer with no case yet, in English. */
export function openEmptyDashboard() {
  loggedIn({
    'GET /api/customer_case_api/get_case_cust': () => ({ status: 200, body: STATS }),
    'GET /api/customer_case_api/get_case': () => ({
      status: 200,
      body: { cases: [], currentPage: 1, totalPages: 1, totalCases: 0 },
    }),
  });
  return renderAt('/dashboard', 'En');
}

export const DIVISIONS = [
  {
    _id: 'd1',
    status: 'active',
    special: 'no',
    ...names('Condominium', 'የጋራ መኖሪያ'),
    ...names('d', 'd', 'description'),
  },
  { _id: 'd2', status: 'active', special: 'yes', ...names('Ethics', 'ሥነ ምግባር'), ...names('d', 'd', 'description') },
] as unknown as Division[];
export const CASE_LISTS = [
  {
    _id: 'l1',
    division: { _id: 'd1' },
    status: 'active',
    time_limit: 15,
    ...names('Transfer', 'ማስተላለፍ', 'case_name'),
    questions: [
      {
        _id: 'q1',
        caselist: { _id: 'l1' },
        inputType: 'normal_input',
        dataType: 'string',
        isRequired: 'yes',
        ...names('Block number', 'የብሎክ ቁጥር'),
        enumValues: [],
      },
      {
        _id: 'q2',
        caselist: { _id: 'l1' },
        inputType: 'normal_input',
        dataType: 'number',
        isRequired: 'yes',
        ...names('Floor', 'ወለል'),
        enumValues: [],
      },
      {
        _id: 'q3',
        caselist: { _id: 'l1' },
        inputType: 'text_area',
        dataType: 'string',
        isRequired: 'no',
        ...names('Details', 'ማብራሪያ'),
        enumValues: [],
      },
      {
        _id: 'q4',
        caselist: { _id: 'l1' },
        inputType: 'select',
        dataType: 'string',
        isRequired: 'yes',
        ...names('Type', 'ዓይነት'),
        enumValues: [
          { _id: 'e1', expectedValues: names('Sale', 'ሽያጭ', 'value') },
          { _id: 'e2', expectedValues: names('Gift', 'ስጦታ', 'value') },
        ],
      },
    ],
  },
] as unknown as CaseList[];

export const verified = (rated: boolean): Case =>
  ({
    ...summary(4, 'verified'),
    masked: false,
    form: [{ list_of_question: { question: { _id: 'q4', ...names('Type', 'ዓይነት') }, answer: 'e2' } }],
    related_case_id: null,
    late: 'no',
    responded_by: { firstname: 'Meseret', middlename: 'Alemu', lastname: 'Bekele' },
    rejected_by: null,
    ongoing_date: null,
    responded_date: null,
    verified_date: '2026-11-05T08:00:00.000Z',
    rejected_date: null,
    appealed_date: null,
    rejection_justification: null,
    appeal_decision: null,
    remark: 'r',
    attachment: 'a.pdf',
    response_justification: { attachment: 'resp.pdf', justification: null },
    schedule_program: [],
    rateCustomer: rated ? { _id: 'r1' } : null,
    customer_info: {
      firstname: 'Abebe',
      middlename: 'Kebede',
      lastname: 'Tesfaye',
      subcity: 'Bole',
      woreda: '03',
      house_number: '1',
      phone_number: '0911',
      house_phone_number: '',
      gender: 'Male',
    },
  }) as unknown as Case;

/** The bureau's request for information, as the history lists it: the other entries of these tests are made from it. */
export const asked = {
  _id: 'h1',
  case: { _id: 'c4', case_number: 'HDAB-2019-000004' },
  from_status: 'ongoing',
  to_status: 'info_requested',
  action: 'status',
  by: { kind: 'staff', firstname: 'Meseret', middlename: 'Alemu', lastname: 'Bekele' },
  note: 'Please send the title deed',
  attachment: null,
  createdAt: '2026-11-20T08:00:00.000Z',
};
