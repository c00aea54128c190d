import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_PATHS } from '../../contract/paths.ts';
import { TEXT_LIMITS } from '../../contract/limits.ts';
import { answerComplaint, listComplaints, reviewComplaint } from '../../server/feedback/complaints.ts';
import type { TestApp } from '../support/api.ts';
import { BACKENDS, call, expectError, freshIp, json, pdfBytes, startApp } from '../support/api.ts';
import { acceptor } from '../support/staff.ts';

describe.each(BACKENDS)('following a complaint by its tracking code on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend, { rules: { getComplaintByCode: { max: 3, windowMs: 60_000 } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const file = async (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const res = await call(t, 'createAccusation', { form, ip: freshIp() });
    expect(res.statusCode, res.body).toBe(201);
    return json<{ tracking_code: string }>(res).tracking_code;
  };
  const track = (code: string, ip = freshIp()) => call(t, 'getComplaintByCode', { params: { code }, ip });

  it('codes carry 65 bits; the page shows the state and the answer, never the complainant', async () => {
    const secrets = {
      name: 'Tigist Haile',
      phone: '0911555666',
      subject: 'Asked for a bribe at Bole',
      description: 'On Monday, the clerk at window 3.',
    };
    const code = await file(secrets);
    expect(code).toMatch(/^ACC-[A-HJ-NP-Z2-9]{13}$/);
    const first = await track(code.toLowerCase());
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first)).toMatchObject({
      tracking_code: code,
      status: 'received',
      reviewed_at: null,
      answered_at: null,
      answer: null,
      answer_file: null,
    });
    for (const secret of Object.values(secrets)) expect(first.body).not.toContain(secret);

    await reviewComplaint(t.ctx, code, await acceptor(t.ctx));
    expect(json(await track(code))).toMatchObject({ status: 'under_review' });
    await expect(reviewComplaint(t.ctx, code, await acceptor(t.ctx))).rejects.toThrow(/No received complaint/);

    writeFileSync(`${t.dataDir}/answer.pdf`, await pdfBytes('Our answer'));
    await expect(answerComplaint(t.ctx, code, await acceptor(t.ctx), '  ')).rejects.toThrow(/--text/);
    await expect(
      answerComplaint(t.ctx, code, await acceptor(t.ctx), 'x'.repeat(TEXT_LIMITS.justification + 1)),
    ).rejects.toThrow(/at most 5000/);
    await answerComplaint(
      t.ctx,
      code,
      await acceptor(t.ctx),
      'The clerk has been moved; thank you.',
      `${t.dataDir}/answer.pdf`,
    );
    const answered = json<{ status: string; answer: string; answer_file: string; answered_at: string }>(
      await track(code),
    );
    expect(answered).toMatchObject({ status: 'answered', answer: 'The clerk has been moved; thank you.' });
    expect(answered.answered_at).not.toBeNull();
    const served = await t.app.inject({ method: 'GET', url: `${MEDIA_PATHS.root}${answered.answer_file}` });
    expect(served.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await expect(answerComplaint(t.ctx, code, await acceptor(t.ctx), 'Again')).rejects.toThrow(/waiting for an answer/);
    expect((await listComplaints(t.ctx, 'answered')).map((r) => r.tracking_code)).toContain(code);
  });

  it('an unknown code answers a translated 404; lookups are limited per address', async () => {
    expectError(await track('ACC-AAAAAAAAAAAAA'), 404, 'complaintNotFound');
    expectError(await track('not a code!'), 400, 'validation');
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await track('ACC-BBBBBBBBBBBBB', ip)).statusCode).toBe(404);
    expectError(await track('ACC-BBBBBBBBBBBBB', ip), 429, 'tooManyRequests');
  });
});
