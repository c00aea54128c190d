import { describe, expect, it } from 'vitest';
import type { ApplyOptions } from '../../machines/apply.machine.ts';
import { applicationErrors, emptyApplication, formOf, noneOpenIn, requestsOf } from '../../machines/application.ts';
import { failureOf, fieldErrorsOf, isOffline, isServerFailure, isStatus } from '../../machines/api-failure.ts';
import { RATE_LIMITED, failureToast, successToast } from '../../machines/emitted.ts';
import { chooseFile, pdfProblem, pictureProblem } from '../../machines/files.ts';
import { progressOf, refusalOf, tooLongIn } from '../../machines/form-parts.ts';
import { ATTACHMENT_MAX_BYTES, PICTURE_MAX_BYTES, TEXT_LIMITS } from '../../contract/limits.ts';

/** The parts every form machine shares: failures read, files checked, an application's problems. */
const messages = { Message_en: 'no' } as never;
const failed = (error: unknown) => ({ event: { type: 'xstate.error.actor.x', error } });

describe("a call's failure, as the machines read it", () => {
  it('reads status, messages, fields, limits and whether it was sent offline; anything else is a lost connection', () => {
    expect(failureOf(undefined)).toEqual({ status: 0, messages: null, fields: {}, limits: {}, offline: false });
    expect(failureOf({ status: '500' })).toMatchObject({ status: 0 });
    expect(failureOf({ status: 400, messages, fields: { a: 'tooLong' }, limits: { a: 9 }, offline: 'yes' })).toEqual({
      status: 400,
      messages,
      fields: { a: 'tooLong' },
      limits: { a: 9 },
      offline: false,
    });
    expect(isOffline(failed({ status: 0, offline: true }))).toBe(true);
    expect(isStatus(429)(failed({ status: 429 }))).toBe(true);
    expect(isStatus(429)(failed(undefined))).toBe(false);
    expect([0, 500, 503, 499, 404].map((status) => isServerFailure(failed({ status })))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(refusalOf(failed({ status: 403, messages }))).toBe(messages);
  });

  it("keeps the contract's field codes, calls any other invalid, and keeps the limit the server gave a field (too long, too short)", () => {
    expect(
      fieldErrorsOf(
        failureOf({
          fields: { a: 'tooLong', b: 'maxLength', c: 'required', d: 'tooLong', e: 'tooShort' },
          limits: { a: 50, e: 8 },
        }),
      ),
    ).toEqual({
      a: { code: 'tooLong', limit: 50 },
      b: { code: 'invalid' },
      c: { code: 'required' },
      d: { code: 'tooLong' },
      e: { code: 'tooShort', limit: 8 },
    });
  });

  it('toasts the messages a failure came with, else its own words; a success its messages; a 429 its wait', () => {
    expect(failureToast('errors.x')(failed({ messages }))).toEqual({ type: 'toast', kind: 'error', messages });
    expect(failureToast('errors.x')(failed(undefined))).toEqual({ type: 'toast', kind: 'error', key: 'errors.x' });
    expect(successToast({ event: { output: messages } })).toEqual({ type: 'toast', kind: 'success', messages });
    expect(RATE_LIMITED({ event: {} })).toEqual({ type: 'rateLimited' });
  });
});

describe('files chosen', () => {
  const file = (name: string, type: string, size = 10) => ({ name, type, size });
  it('a PDF by its type or its name, up to its limit', () => {
    expect(pdfProblem(file('a.pdf', 'application/pdf'))).toBeNull();
    expect(pdfProblem(file('A.PDF', ''))).toBeNull();
    expect(pdfProblem(file('a.pdf.exe', ''))).toEqual({ code: 'notPdf' });
    expect(pdfProblem(file('a', 'application/pdf', ATTACHMENT_MAX_BYTES))).toBeNull();
    expect(pdfProblem(file('a', 'application/pdf', ATTACHMENT_MAX_BYTES + 1))).toEqual({
      code: 'fileTooLarge',
      limit: ATTACHMENT_MAX_BYTES,
    });
  });

  it('a picture: JPEG, PNG or WebP, up to its limit', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(pictureProblem(file('p', type))).toBeNull();
    expect(pictureProblem(file('p.gif', 'image/gif'))).toEqual({ code: 'notImage' });
    expect(pictureProblem(file('p', 'image/png', PICTURE_MAX_BYTES))).toBeNull();
    expect(pictureProblem(file('p', 'image/png', PICTURE_MAX_BYTES + 1))).toEqual({
      code: 'fileTooLarge',
      limit: PICTURE_MAX_BYTES,
    });
  });

  it("keeps an acceptable file and clears its field's error; drops a refused one with the reason", () => {
    const other = { name: { code: 'required' as const } };
    expect(chooseFile({ ...other, f: { code: 'notPdf' } }, 'f', file('a.pdf', 'application/pdf'), pdfProblem)).toEqual({
      file: file('a.pdf', 'application/pdf'),
      errors: other,
    });
    expect(chooseFile(other, 'f', file('a.exe', 'x'), pdfProblem)).toEqual({
      file: null,
      errors: { ...other, f: { code: 'notPdf' } },
    });
    expect(chooseFile(other, 'f', null, pdfProblem)).toEqual({ file: null, errors: other });
  });
});

describe('forms', () => {
  it('a text over its limit, and not at it', () => {
    expect(tooLongIn({ a: 3 }, { a: 'abc' })).toEqual({});
    expect(tooLongIn({ a: 3 }, { a: 'abcd' })).toEqual({ a: { code: 'tooLong', limit: 3 } });
    expect(progressOf({ event: { type: 'PROGRESS', percent: 30 } })).toBe(30);
  });

  const options = {
    divisions: [
      { _id: 'd1', status: 'active', special: 'no' },
      { _id: 'd2', status: 'active', special: 'no' },
    ],
    caseLists: [
      {
        _id: 'l1',
        division: { _id: 'd1' },
        status: 'active',
        questions: [
          { _id: 'q1', inputType: 'normal_input', dataType: 'string', isRequired: 'yes', enumValues: [] },
          { _id: 'q2', inputType: 'normal_input', dataType: 'string', isRequired: 'no', enumValues: [] },
        ],
      },
      { _id: 'l2', division: { _id: 'd1' }, status: 'inactive', questions: [] },
    ],
    ownCases: [],
  } as unknown as ApplyOptions;

  it("an application: a division with no open request says so; an answer's limit; the form sends trimmed answers only", () => {
    expect(emptyApplication).toEqual({ division: '', caselist: '', related_case_id: '', remark: '', answers: {} });
    expect(requestsOf(options, 'd1').map((c) => c._id)).toEqual(['l1']);
    expect(noneOpenIn(options, 'd2')).toBe(true);
    expect(noneOpenIn(options, 'd1')).toBe(false);
    expect(noneOpenIn(options, '')).toBe(false);
    const v = { division: 'd1', caselist: 'l1', related_case_id: '', remark: 'r', answers: { q1: '  yes ', q2: ' ' } };
    expect(applicationErrors(options, v)).toEqual({});
    expect(applicationErrors(options, { ...v, division: 'd2', caselist: '' })).toEqual({
      division: { code: 'noneOpen' },
    });
    expect(applicationErrors(options, { ...v, caselist: 'l2' })).toMatchObject({ caselist: { code: 'required' } });
    expect(applicationErrors(options, { ...v, answers: { q1: 'x'.repeat(TEXT_LIMITS.answer + 1) } })).toEqual({
      q1: { code: 'tooLong', limit: TEXT_LIMITS.answer },
    });
    expect(formOf(options, v)).toEqual([{ q1: 'yes' }]);
  });
});
