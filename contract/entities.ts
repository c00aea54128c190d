import * as z from 'zod/mini';
import { ACTIVE, INACTIVE, LIFECYCLE_STATUSES } from './statuses.ts';
import { Id, IsoDate, YesNo, langFields } from './common.ts';
import { LAN_CODES } from './languages.ts';
import type { CustomerField } from './customer-fields.ts';

export const EntityStatus = z.enum([ACTIVE, INACTIVE]);

export const Division = z.object({
  _id: Id,
  status: EntityStatus,
  special: YesNo,
  ...langFields('name'),
  ...langFields('description'),
});
export type Division = z.infer<typeof Division>;

export const Directorate = z.object({
  _id: Id,
  status: EntityStatus,
  ...langFields('name'),
  division: z.object({ _id: Id }),
});
export type Directorate = z.infer<typeof Directorate>;

export const Team = z.object({
  _id: Id,
  status: EntityStatus,
  ...langFields('name'),
  division: z.object({ _id: Id }),
});
export type Team = z.infer<typeof Team>;

export const INPUT_TYPES = ['normal_input', 'text_area', 'select'] as const;
export const DATA_TYPES = ['string', 'number'] as const;

export const EnumValue = z.object({
  _id: Id,
  expectedValues: z.object(langFields('value')),
});
export type EnumValue = z.infer<typeof EnumValue>;

export const Question = z.object({
  _id: Id,
  caselist: z.object({ _id: Id }),
  inputType: z.enum(INPUT_TYPES),
  dataType: z.enum(DATA_TYPES),
  isRequired: YesNo,
  ...langFields('name'),
  enumValues: z.array(EnumValue),
});
export type Question = z.infer<typeof Question>;

/** A case request type ("case list"): what a customer can apply for in a division. */
export const CaseList = z.object({
  _id: Id,
  division: z.object({ _id: Id }),
  status: EntityStatus,
  ...langFields('case_name'),
  /** Working days the bureau has to answer; past it the case is late. */
  time_limit: z.int(),
  questions: z.array(Question),
});
export type CaseList = z.infer<typeof CaseList>;

/** The spec's five, and those added beside them (ADR 0014): the lifecycle machine's states. */
export const CASE_STATUSES = LIFECYCLE_STATUSES;
export const CaseStatus = z.enum(CASE_STATUSES);
export type CaseStatus = z.infer<typeof CaseStatus>;

export const GENDERS = ['Male', 'Female'] as const;
export const Gender = z.enum(GENDERS);

const NameParts = { firstname: z.string(), middlename: z.string(), lastname: z.string() };
/**
 * A person's name; a staff member's also in Ethiopic script (`am`, issue 51), which a reader of
 * Amharic or Tigrinya sees (`src/i18n/person-name.ts`).
 */
export const PersonName = z.object({ ...NameParts, am: z.optional(z.object(NameParts)) });
export type PersonName = z.infer<typeof PersonName>;

export const CustomerInfo = z.object({
  firstname: z.string(),
  middlename: z.string(),
  lastname: z.string(),
  subcity: z.string(),
  woreda: z.string(),
  house_number: z.string(),
  phone_number: z.string(),
  house_phone_number: z.string(),
  /** Null when masked (public lookup without proof of ownership). */
  gender: z.nullable(Gender),
});
export type CustomerInfo = z.infer<typeof CustomerInfo>;

export const Schedule = z.object({
  scheduled_by: z.nullable(PersonName),
  scheduled_date: z.nullable(IsoDate),
  extended_by: z.nullable(PersonName),
  extended_date: z.nullable(IsoDate),
});

export const FormEntry = z.object({
  list_of_question: z.object({
    question: z.object({ _id: Id, ...langFields('name') }),
    answer: z.string(),
  }),
});
export type FormEntry = z.infer<typeof FormEntry>;

/**
 * How the bureau decided an appeal against a rejection (issue 51): upheld (the rejection and its
 * reason stand) or overturned (the case is processed again), when, and the bureau's note.
 */
export const AppealDecision = z.object({ upheld: z.boolean(), date: IsoDate, note: z.nullable(z.string()) });
export type AppealDecision = z.infer<typeof AppealDecision>;

/**
 * A case as the customer sees it. `masked` is true when the answer is a public lookup
 * without proof of ownership: personal fields are masked and answers, remark and
 * attachments are withheld (docs/decisions/0003-public-lookup-privacy.md).
 */
export const Case = z.object({
  _id: Id,
  case_number: z.string(),
  status: CaseStatus,
  masked: z.boolean(),
  caselist: z.object({ _id: Id, ...langFields('case_name') }),
  division: z.object({ _id: Id, ...langFields('name') }),
  form: z.array(FormEntry),
  related_case_id: z.nullable(z.object({ _id: Id, case_number: z.string() })),
  late: YesNo,
  responded_by: z.nullable(PersonName),
  rejected_by: z.nullable(PersonName),
  createdAt: IsoDate,
  ongoing_date: z.nullable(IsoDate),
  responded_date: z.nullable(IsoDate),
  verified_date: z.nullable(IsoDate),
  rejected_date: z.nullable(IsoDate),
  /** When the customer appealed the rejection (a case is appealed once at most). */
  appealed_date: z.nullable(IsoDate),
  /** The reason of the rejection; an upheld appeal keeps it (its own note is the decision's). */
  rejection_justification: z.nullable(z.string()),
  /** The decision on the appeal, once the bureau took it. */
  appeal_decision: z.nullable(AppealDecision),
  remark: z.nullable(z.string()),
  attachment: z.nullable(z.string()),
  response_justification: z.nullable(
    z.object({ attachment: z.nullable(z.string()), justification: z.nullable(z.string()) }),
  ),
  schedule_program: z.array(z.object({ schedule: Schedule })),
  /** The rating this customer gave the case, if any (only for the owner). */
  rateCustomer: z.nullable(z.object({ _id: Id })),
  customer_info: CustomerInfo,
});
export type Case = z.infer<typeof Case>;

/** One row of a case list: enough for the tables of the dashboard. */
export const CaseSummary = z.object({
  _id: Id,
  case_number: z.string(),
  status: CaseStatus,
  createdAt: IsoDate,
  division: z.object({ _id: Id, ...langFields('name') }),
  caselist: z.object({ _id: Id, ...langFields('case_name') }),
});
export type CaseSummary = z.infer<typeof CaseSummary>;

export const CaseStatistics = z.object({
  totalCases: z.int(),
  pendingCases: z.int(),
  processingCases: z.int(),
  respondedCases: z.int(),
  rejectedCases: z.int(),
  /** Beside the spec's five: the tiles then add up to the total (issue 51). */
  withdrawnCases: z.int(),
});
export type CaseStatistics = z.infer<typeof CaseStatistics>;

export const CaseHistoryEntry = z.object({
  _id: Id,
  case: z.object({ _id: Id, case_number: z.string() }),
  from_status: z.nullable(CaseStatus),
  to_status: CaseStatus,
  /** What happened: created, a status change, scheduled or extended. */
  action: z.enum(['created', 'status', 'scheduled', 'extended']),
  /** Who did it: the customer for "created", a staff member otherwise. */
  by: z.extend(PersonName, { kind: z.enum(['customer', 'staff']) }),
  note: z.nullable(z.string()),
  /** The PDF the customer gave with this step (an answer, an appeal), under /Media/CaseFiles/. */
  attachment: z.nullable(z.string()),
  createdAt: IsoDate,
});
export type CaseHistoryEntry = z.infer<typeof CaseHistoryEntry>;

export const Customer = z.object({
  _id: Id,
  firstname: z.string(),
  middlename: z.string(),
  lastname: z.string(),
  gender: Gender,
  status: EntityStatus,
  picture: z.nullable(z.string()),
  phone: z.string(),
  email: z.string(),
  woreda: z.string(),
  subcity: z.string(),
  house_number: z.string(),
  house_phone_number: z.string(),
  preferred_language: z.string(),
});
export type Customer = z.infer<typeof Customer>;
/**
 * The account's answer gives every field of the table (contract/customer-fields.ts): checked by
 * the compiler alone, so that the landing page, which reads this module, does not load the table.
 */
type Holds<T extends true> = T;
export type CustomerHasEveryField = Holds<[CustomerField] extends [keyof Customer] ? true : false>;

/**
 * How a customer is told of their cases (issue 22): by e-mail, by SMS or both, in any of the
 * six languages (the SPA itself offers English and Amharic only). SMS go only to the phone
 * number on file once its owner proved it with a code (`phone_verified`).
 */
export const NotificationPreferences = z.object({
  email: z.boolean(),
  sms: z.boolean(),
  language: z.enum(LAN_CODES),
  phone: z.string(),
  phone_verified: z.boolean(),
  /** The number sent STOP to the bureau (issue 38): no SMS goes to it, mail goes instead, until it sends START. */
  sms_stopped: z.boolean(),
  /** The short code or number the bureau is texted at (START, HELP, a case number); null when the bureau has not said. */
  sms_number: z.nullable(z.string()),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const Rating = z.object({
  _id: Id,
  rateNum: z.int(),
  rateCase: Id,
  createdAt: IsoDate,
});
export type Rating = z.infer<typeof Rating>;
