import { describe, expect, it } from 'vitest';
import type { Question } from '../../contract/entities.ts';
import {
  DAY_MS,
  DEFAULT_CASE_NUMBER_PREFIX,
  MANUAL_DOWNLOAD_NAME,
  MB,
  PICTURE_MAX_BYTES,
  SESSION_STORAGE_KEY,
  SORT_LATEST,
  TEXT_LIMITS,
  maxLength,
} from '../../contract/limits.ts';
import { canRate, dueDate, stepTextProblem } from '../../contract/case-rules.ts';
import { answerProblem, isFieldErrorCode, isOpenDivision, isOpenRequest } from '../../contract/rules.ts';

/** The rules the SPA's machines and the server both apply (contract/rules.ts). */
const question = (over: Partial<Question>): Question =>
  ({ _id: 'q', inputType: 'normal_input', dataType: 'string', isRequired: 'no', enumValues: [], ...over }) as Question;

describe('the rules both halves apply', () => {
  it('an answer: required when empty only if the question is; too long; not one of the values; not a number', () => {
    expect(answerProblem(question({ isRequired: 'yes' }), '   ')).toBe('required');
    expect(answerProblem(question({}), '')).toBeNull();
    expect(answerProblem(question({}), 'x'.repeat(TEXT_LIMITS.answer + 1))).toBe('tooLong');
    expect(answerProblem(question({}), ` ${'x'.repeat(TEXT_LIMITS.answer)} `)).toBeNull();
    const select = question({
      inputType: 'select',
      dataType: 'number',
      enumValues: [{ _id: 'v1' } as Question['enumValues'][number]],
    });
    expect(answerProblem(select, 'v2')).toBe('invalid');
    expect(answerProblem(select, 'v1')).toBeNull();
    const number = question({ dataType: 'number' });
    expect(answerProblem(number, 'three')).toBe('notANumber');
    expect(answerProblem(number, '-3.5')).toBeNull();
    expect(answerProblem(number, ' 12 ')).toBeNull();
    for (const wrong of ['x3', '3x', '3.', '.5', '1.2.3', '-'])
      expect(answerProblem(number, wrong), wrong).toBe('notANumber');
    const two = question({
      inputType: 'select',
      enumValues: [{ _id: 'v1' }, { _id: 'v2' }] as Question['enumValues'],
    });
    expect(answerProblem(two, 'v2')).toBeNull();
  });

  it('the text of a step: an answer and an appeal need one, a withdrawal may go without; the limit counts it trimmed', () => {
    expect(stepTextProblem('answer', '  ')).toBe('required');
    expect(stepTextProblem('appeal', '')).toBe('required');
    expect(stepTextProblem('withdraw', ' ')).toBeNull();
    const longest = 'x'.repeat(maxLength(TEXT_LIMITS.stepText));
    expect(stepTextProblem('answer', ` ${longest} `)).toBeNull();
    expect(stepTextProblem('answer', `${longest}x`)).toBe('tooLong');
  });

  it("keeps the spec's fixed values: the session key, the manual's name, the picture's size, the newest first", () => {
    // spec section 5: "Session token key: tID"; "Manual download name: CUSTOMERLATEST.pdf".
    expect(SESSION_STORAGE_KEY).toBe('tID');
    expect(MANUAL_DOWNLOAD_NAME).toBe('CUSTOMERLATEST.pdf');
    expect(DEFAULT_CASE_NUMBER_PREFIX).toBe('HDAB');
    expect(PICTURE_MAX_BYTES).toBe(2 * 1024 * 1024);
    expect(MB).toBe(1_048_576);
    // The API sorts by creation date: -1 is the latest first.
    expect(SORT_LATEST).toBe(-1);
  });

  it('open divisions and requests; who may rate; which codes are field codes', () => {
    expect(isOpenDivision({ status: 'active', special: 'no' })).toBe(true);
    expect(isOpenDivision({ status: 'active', special: 'yes' })).toBe(false);
    expect(isOpenDivision({ status: 'inactive', special: 'no' })).toBe(false);
    expect(isOpenRequest({ status: 'active', division: { _id: 'd1' } }, 'd1')).toBe(true);
    expect(isOpenRequest({ status: 'active', division: { _id: 'd1' } }, 'd2')).toBe(false);
    expect(isOpenRequest({ status: 'inactive', division: { _id: 'd1' } }, 'd1')).toBe(false);
    expect(canRate({ status: 'verified', rateCustomer: null })).toBe(true);
    expect(canRate({ status: 'verified', rateCustomer: { _id: 'r' } })).toBe(false);
    expect(canRate({ status: 'responded', rateCustomer: null })).toBe(false);
    expect(isFieldErrorCode('tooLong')).toBe(true);
    expect(isFieldErrorCode('too_long')).toBe(false);
  });

  it('the due date: the latest extension, else submission plus the time limit in days', () => {
    const created = '2026-01-01T00:00:00.000Z';
    expect(dueDate(created, 10, []).getTime()).toBe(Date.parse(created) + 10 * DAY_MS);
    expect(dueDate(created, 10, [null]).getTime()).toBe(Date.parse(created) + 10 * DAY_MS);
    expect(dueDate(created, 10, ['2026-03-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', null]).toISOString()).toBe(
      '2026-03-01T00:00:00.000Z',
    );
  });
});
