import type { Case, CaseHistoryEntry, CaseStatistics } from '../../contract/entities.ts';
import type { PrintResult } from '../../contract/cases/answers.ts';

/** A name in every language: English and Amharic as given, the drafts as one of them. */
export const names = (en: string, am: string, prefix = 'name'): Record<string, string> => ({
  [`${prefix}_en`]: en,
  [`${prefix}_am`]: am,
  [`${prefix}_or`]: en,
  [`${prefix}_tg`]: am,
  [`${prefix}_sm`]: en,
  [`${prefix}_af`]: en,
});

/** A verified case as a visitor without proof of ownership sees it (masked). */
export const maskedCase = {
  _id: 'c1',
  case_number: 'HDAB-2019-000004',
  status: 'verified',
  masked: true,
  caselist: { _id: 'l1', ...names('Rental maintenance', 'የኪራይ ጥገና', 'case_name') },
  division: { _id: 'd4', ...names('Rental Housing', 'የኪራይ ቤቶች') },
  form: [],
  related_case_id: null,
  late: 'no',
  responded_by: { firstname: 'Meseret', middlename: 'Alemu', lastname: 'Bekele' },
  rejected_by: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  ongoing_date: '2026-11-02T08:00:00.000Z',
  responded_date: null,
  verified_date: '2026-11-05T08:00:00.000Z',
  rejected_date: null,
  appealed_date: null,
  rejection_justification: null,
  appeal_decision: null,
  remark: null,
  attachment: null,
  response_justification: null,
  schedule_program: [],
  rateCustomer: null,
  customer_info: {
    firstname: 'A.',
    middlename: 'K.',
    lastname: 'T.',
    subcity: 'Bole',
    woreda: '***',
    house_number: '***',
    phone_number: '09******44',
    house_phone_number: '',
    gender: null,
  },
} as unknown as Case;

/** A verified case as its owner sees it, not yet rated. */
export const verifiedCase = {
  ...maskedCase,
  _id: 'c4',
  masked: false,
  caselist: { ...maskedCase.caselist, _id: 'l1' },
  rateCustomer: null,
  customer_info: {
    firstname: 'Abebe',
    middlename: 'Kebede',
    lastname: 'Tesfaye',
    subcity: 'Bole',
    woreda: '03',
    house_number: '1',
    phone_number: '0911223344',
    house_phone_number: '',
    gender: 'Male',
  },
} as unknown as Case;

/** The type of those cases, without questions (as get_case_list/:id answers it). */
export const rentalCaseType = {
  _id: 'l1',
  division: { _id: 'd4' },
  status: 'active',
  time_limit: 15,
  questions: [],
  ...names('Rental maintenance', 'የኪራይ ጥገና', 'case_name'),
};

/** The same case, its owner's, still pending. */
export const pendingCase = { ...verifiedCase, status: 'pending', verified_date: null, responded_by: null } as Case;

/** An entry of that case's history: its owner moved it to `to`, with a note perhaps. */
export const historyEntry = (to: Case['status'], note: string | null = null): CaseHistoryEntry => ({
  _id: `h-${to}`,
  case: { _id: 'c4', case_number: verifiedCase.case_number },
  from_status: null,
  to_status: to,
  action: 'status',
  by: { kind: 'customer', firstname: 'Abebe', middlename: 'Kebede', lastname: 'Tesfaye' },
  note,
  attachment: null,
  createdAt: '2026-11-20T08:00:00.000Z',
});

/** The signed-in customer of the dashboard's tests, as get_customer_user answers. */
export const signedInCustomer = {
  _id: 'customer-1',
  firstname: 'Abebe',
  middlename: 'K',
  lastname: 'T',
  gender: 'Male',
  status: 'active',
  picture: null,
  phone: '0911',
  email: 'a@b.et',
  woreda: '1',
  subcity: 'B',
  house_number: '',
  house_phone_number: '',
  preferred_language: 'En',
};

/** The counts of a customer with no case yet: every tile 0. */
export const NO_CASES: CaseStatistics = {
  totalCases: 0,
  pendingCases: 0,
  processingCases: 0,
  respondedCases: 0,
  rejectedCases: 0,
  withdrawnCases: 0,
};

/** The print's answer: its PDF at `path`, a closed case's summary unless told otherwise. */
export const printed = (path: string, over: Partial<PrintResult> = {}): PrintResult => ({
  file_name: path.split('/').pop()?.split('?')[0] ?? 'print.pdf',
  path,
  case_number: 'HDAB-2019-000004',
  status: 'verified',
  masked: false,
  caselist: maskedCase.caselist,
  createdAt: '2026-11-02T09:00:00.000Z',
  closed_on: '2026-11-20T09:00:00.000Z',
  appointment: null,
  ...over,
});
