import { afterAll, describe, expect, it } from 'vitest';
import type { Case } from '../../contract/entities.ts';
import { createMemoryStore } from '../../server/adapters/rate-store.ts';
import type { Context } from '../../server/context.ts';
import { AppError } from '../../server/runtime/errors.ts';
import { asSeenBy, maskCase } from '../../server/cases/visibility.ts';
import { DEFAULT_RULES } from '../../server/config/rate-rules.ts';
import type { Loaded } from '../../server/cases/reader/reader.ts';
import { verifiedCase } from '../ui/fixtures.ts';
import { MEDIA_PATHS } from '../../contract/paths.ts';
import { readFileLink } from '../../server/adapters/file-links.ts';

const OWNER = 'owner-1';
const loaded = (id: string, over: Partial<Case> = {}, owned = true): Loaded =>
  ({
    ...verifiedCase,
    _id: id,
    form: [{ question: 'q', answer: 'a' }],
    remark: 'a remark',
    related_case_id: { _id: 'c9', case_number: 'HDAB-2019-000009' },
    ...over,
    customer_id: OWNER,
    changes_at: 12345,
    owner_phone_owned: owned,
  }) as unknown as Loaded;

/** Who sees what of a case (server/cases/visibility.ts), with the real rules and the in-memory rate store. */
describe('who sees what of a case', () => {
  const rates = createMemoryStore();
  const ctx = { rules: DEFAULT_RULES, rates, config: { jwtSecret: 'x'.repeat(40) } } as unknown as Context;
  afterAll(() => rates.close());
  const rule = DEFAULT_RULES['account:phone'];

  it('masks the personal fields of a case for a visitor without proof, and withholds its answers', () => {
    const masked = maskCase({
      ...verifiedCase,
      form: [{ question: 'q', answer: 'a' }] as never,
      remark: 'r',
      related_case_id: { _id: 'c9', case_number: 'HDAB-2019-000009' },
      customer_info: { ...verifiedCase.customer_info, house_phone_number: '0116 55 12 34' },
    });
    expect(masked).toMatchObject({
      masked: true,
      form: [],
      remark: null,
      attachment: null,
      response_justification: null,
      rateCustomer: null,
      related_case_id: null,
      status: verifiedCase.status,
      case_number: verifiedCase.case_number,
    });
    expect(masked.customer_info).toEqual({
      firstname: 'A.',
      middlename: 'K.',
      lastname: 'T.',
      subcity: 'Bole',
      woreda: '***',
      house_number: '***',
      phone_number: '09******44',
      house_phone_number: '01******34',
      gender: null,
    });
    const short = maskCase({
      ...verifiedCase,
      customer_info: { ...verifiedCase.customer_info, middlename: '', phone_number: '1234', house_phone_number: '' },
    });
    expect(short.customer_info).toMatchObject({ middlename: '', phone_number: '****', house_phone_number: '' });
    expect(
      maskCase({ ...verifiedCase, customer_info: { ...verifiedCase.customer_info, firstname: 'አበበ' } }).customer_info
        .firstname,
    ).toBe('አ.');
  });

  it('the owner sees everything, for as long as the case does not change; another customer sees it masked', async () => {
    const seen = await asSeenBy(ctx, loaded('c-own'), OWNER, undefined);
    expect(seen).toEqual({
      case: expect.objectContaining({ masked: false, remark: 'a remark' }),
      owner: OWNER,
      keepUntil: 12345,
    });
    expect(seen.case).not.toHaveProperty('customer_id');
    expect(seen.case).not.toHaveProperty('owner_phone_owned');
    const other = await asSeenBy(ctx, loaded('c-own'), 'someone-else', undefined);
    expect(other.case.masked).toBe(true);
    expect(other).not.toHaveProperty('keepUntil');
    expect((await asSeenBy(ctx, loaded('c-own'), undefined, '   ')).case.masked).toBe(true);
  });

  it('whoever gives the phone number on file sees everything, written any way; a right number uses up no try', async () => {
    for (const phone of ['0911223344', '+251 911 223 344', '251911223344', '0911-22-33-44']) {
      const seen = await asSeenBy(ctx, loaded('c-phone'), undefined, phone);
      expect(seen.case.masked, phone).toBe(false);
      expect(seen).not.toHaveProperty('keepUntil');
    }
    expect(await rates.peek('account:phone:c-phone')).toMatchObject({ count: 0 });
  });

  it('the number compared whole (issue 48): a foreign number with the same last nine digits, or 000251…, is another number', async () => {
    for (const phone of ['+44911223344', '+1911223344', '000251911223344', '2510911223344'])
      expect((await asSeenBy(ctx, loaded('c-foreign'), undefined, phone)).case.masked, phone).toBe(true);
  });

  it('whoever gives the phone gets the case’s own files as links of minutes, for their own files only (issue 48)', async () => {
    const withFiles = loaded('c-files', {
      attachment: 'a.pdf',
      response_justification: { attachment: 'r.pdf', justification: 'Approved' },
    });
    const seen = (await asSeenBy(ctx, withFiles, undefined, '0911223344')).case;
    const secret = (ctx.config as { jwtSecret: string }).jwtSecret;
    for (const [area, name] of [
      [MEDIA_PATHS.caseFiles, seen.attachment],
      [MEDIA_PATHS.root, seen.response_justification?.attachment],
    ] as const) {
      const [file, query] = (name ?? '').split('?k=');
      expect(readFileLink(secret, `${area}${file}`, query ?? ''), `${area}${name}`).toMatchObject({ session: null });
    }
    expect(seen.response_justification?.justification).toBe('Approved');
    // No file, no link; no response, none; the owner's own read names the files plainly (their session fetches them).
    const bare = (
      await asSeenBy(ctx, loaded('c-bare', { attachment: null, response_justification: null }), undefined, '0911223344')
    ).case;
    expect([bare.attachment, bare.response_justification]).toEqual([null, null]);
    expect((await asSeenBy(ctx, withFiles, OWNER, undefined)).case.attachment).toBe('a.pdf');
  });

  it('a phone the owner is not known to have chosen (ADR 0029) unmasks nothing, even the right one', async () => {
    expect((await asSeenBy(ctx, loaded('c-unowned', {}, false), undefined, '0911223344')).case.masked).toBe(true);
    expect((await asSeenBy(ctx, loaded('c-unowned', {}, false), OWNER, undefined)).case.masked).toBe(false);
  });

  it('a wrong number, or too few digits to be one, sees the case masked and uses up a try of that case', async () => {
    expect((await asSeenBy(ctx, loaded('c-wrong'), undefined, '0911223345')).case.masked).toBe(true);
    expect((await rates.peek('account:phone:c-wrong'))?.count).toBe(1);
    const short = loaded('c-short', { customer_info: { ...verifiedCase.customer_info, phone_number: '12345' } });
    expect((await asSeenBy(ctx, short, undefined, '12345')).case.masked).toBe(true);
    expect((await asSeenBy(ctx, short, undefined, '123456')).case.masked).toBe(true);
  });

  it(`past ${rule.max} wrong numbers, the case answers 429 to every phone check until the window ends, a right one too`, async () => {
    for (let i = 0; i < rule.max; i++)
      expect((await asSeenBy(ctx, loaded('c-guess'), undefined, `09000000${i}0`)).case.masked).toBe(true);
    const refused = await asSeenBy(ctx, loaded('c-guess'), undefined, '0911223344').then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(429);
    // Another case is not held up, nor the owner.
    expect((await asSeenBy(ctx, loaded('c-other'), undefined, '0911223344')).case.masked).toBe(false);
    expect((await asSeenBy(ctx, loaded('c-guess'), OWNER, '0000000000')).case.masked).toBe(false);
  });
});
