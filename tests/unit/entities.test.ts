import { describe, expect, it } from 'vitest';
import { LANGS } from '../../contract/languages.ts';
import { Case, CaseStatus, Customer, EnumValue, Gender, Question } from '../../contract/entities.ts';
import { MEDIA_PATHS } from '../../contract/paths.ts';
import en from '../../src/i18n/messages/en.json' with { type: 'json' };
import am from '../../src/i18n/messages/am.json' with { type: 'json' };

/** The entities of spec section 3 as the contract holds them (contract/entities.ts): every field the spec names. */
const fields = (schema: { shape: object }) => Object.keys(schema.shape);
const inLanguages = (prefix: string) => LANGS.map((l) => `${prefix}_${l}`);

describe('the entities of spec section 3', () => {
  it('a customer: names, gender, status, picture and contact fields', () => {
    // spec: S3.CUSTOMER.NAMES, S3.CUSTOMER.GENDER, S3.CUSTOMER.STATUS, S3.CUSTOMER.PICTURE, S3.CUSTOMER.CONTACT
    expect(fields(Customer)).toEqual(
      expect.arrayContaining([
        '_id',
        'firstname',
        'middlename',
        'lastname',
        'gender',
        'status',
        'picture',
        'phone',
        'email',
        'woreda',
        'subcity',
        'house_number',
        'house_phone_number',
      ]),
    );
    expect(Gender.options).toEqual(['Male', 'Female']);
    expect(Customer.shape.status.options).toContain('active');
    // The picture is a file name, shown from the customer images media path.
    expect(Customer.shape.picture.safeParse('p-1.png').success).toBe(true);
    expect(MEDIA_PATHS.customerImages).toBe('/Media/CustomerImages/');
  });

  it('a question: its id, case list, input and data types, required flag, names and enum values', () => {
    // spec: S3.QUESTION.ID, S3.QUESTION.CASELIST, S3.QUESTION.NAME, S3.QUESTION.ENUM_VALUES
    expect(fields(Question)).toEqual([
      '_id',
      'caselist',
      'inputType',
      'dataType',
      'isRequired',
      ...inLanguages('name'),
      'enumValues',
    ]);
    expect(fields(Question.shape.caselist)).toEqual(['_id']);
    expect(fields(EnumValue)).toEqual(['_id', 'expectedValues']);
    expect(fields(EnumValue.shape.expectedValues)).toEqual(inLanguages('value'));
  });

  it('a case: every field the spec lists, the spec’s five statuses among them', () => {
    // spec: S3.CASE.ID, S3.CASE.STATUS, S3.CASE.CASELIST, S3.CASE.DIVISION, S3.CASE.FORM, S3.CASE.RELATED, S3.CASE.LATE, S3.CASE.RESPONDED_BY, S3.CASE.DATES, S3.CASE.REMARK, S3.CASE.ATTACHMENT, S3.CASE.RESPONSE, S3.CASE.SCHEDULE, S3.CASE.CUSTOMER
    const shape = Case.shape;
    expect(fields(Case)).toEqual(
      expect.arrayContaining([
        '_id',
        'case_number',
        'status',
        'caselist',
        'division',
        'form',
        'related_case_id',
        'late',
        'responded_by',
        'createdAt',
        'ongoing_date',
        'verified_date',
        'rejected_date',
        'rejected_by',
        'rejection_justification',
        'remark',
        'attachment',
        'response_justification',
        'schedule_program',
        'rateCustomer',
        'customer_info',
      ]),
    );
    // The spec's five keep their meaning; ADR 0014 adds statuses beside them.
    expect(CaseStatus.options).toEqual(
      expect.arrayContaining(['pending', 'ongoing', 'responded', 'verified', 'rejected']),
    );
    expect(fields(shape.caselist)).toContain('_id');
    expect(fields(shape.division)).toEqual(expect.arrayContaining(inLanguages('name')));
    const entry = shape.form.def.element.shape.list_of_question;
    expect(fields(entry)).toEqual(['question', 'answer']);
    expect(fields(entry.shape.question)).toEqual(['_id', ...inLanguages('name')]);
    expect(shape.late.options).toEqual(['yes', 'no']);
    const person = { firstname: 'Tigist', middlename: 'Haile', lastname: 'Worku' };
    expect(shape.responded_by.safeParse(person).success).toBe(true);
    expect(shape.response_justification.safeParse({ attachment: 'resp.pdf', justification: null }).success).toBe(true);
    expect(fields(shape.schedule_program.def.element.shape.schedule)).toEqual(
      expect.arrayContaining(['extended_by', 'extended_date', 'scheduled_by', 'scheduled_date']),
    );
    expect(fields(shape.customer_info)).toEqual([
      'firstname',
      'middlename',
      'lastname',
      'subcity',
      'woreda',
      'house_number',
      'phone_number',
      'house_phone_number',
      'gender',
    ]);
  });

  it('the labels of a case’s dates and of a rejection’s reason, in English and Amharic', () => {
    // spec: S3.CASE.LABELS
    for (const key of [
      'case.scheduledDate',
      'case.extendedDate',
      'case.processingStart',
      'case.respondedDate',
      'case.rejectedDate',
      'case.justification',
      'detail.rejectedBecause',
    ] as const) {
      expect(en[key], key).toBeTruthy();
      expect(am[key], key).toBeTruthy();
    }
  });
});
