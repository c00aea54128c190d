import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ATTACHMENT_MAX_BYTES } from '../../contract/limits.ts';
import { LANGS } from '../../contract/languages.ts';
import type { Context } from '../context.ts';
import { createCase } from '../cases/application.ts';
import { hashPassword } from '../customers/passwords.ts';
import { PdfWriter } from '../adapters/pdf.ts';
import { moveCase, scheduleCase } from '../cases/staff/staff.ts';
import { takeStep } from '../cases/steps.ts';
import type { Db, Queryable } from '../db/client.ts';
import type { T } from './reference-data.ts';
import { DIVISIONS, STAFF } from './reference-data.ts';
import { insertComplaint } from '../feedback/repository.ts';

const cols = (prefix: string) => LANGS.map((l) => `${prefix}_${l}`).join(', ');
const vals = (x: T) => LANGS.map((l) => x[l]);
const placeholders = (from: number, n: number) => Array.from({ length: n }, (_, i) => `$${from + i}`).join(', ');

/** Seeds divisions, directorates, teams, case types, questions and staff, once. */
export async function seedReference(db: Db): Promise<boolean> {
  return db.tx(async (q: Queryable) => {
    await q.query('SELECT pg_advisory_xact_lock(727275)');
    // Staff a later release added (the second team leader, the accusation acceptor of issue 52)
    // join a database seeded before it; one already there, by e-mail, is left as it is.
    await seedStaff(q);
    const [{ n } = { n: 0 }] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM divisions');
    if (n > 0) return false;
    let position = 0;
    for (const d of DIVISIONS) {
      const divisionId = randomUUID();
      await q.query(
        `INSERT INTO divisions (id, position, status, special, ${cols('name')}, ${cols('description')}) VALUES ($1, $2, $3, $4, ${placeholders(5, 12)})`,
        [divisionId, position++, d.status, d.special, ...vals(d.name), ...vals(d.description)],
      );
      for (const [i, dir] of d.directorates.entries()) {
        await q.query(
          `INSERT INTO directorates (id, division_id, position, status, ${cols('name')}) VALUES ($1, $2, $3, $4, ${placeholders(5, 6)})`,
          [randomUUID(), divisionId, i, dir.status, ...vals(dir.name)],
        );
      }
      for (const [i, team] of d.teams.entries()) {
        await q.query(
          `INSERT INTO teams (id, division_id, position, status, ${cols('name')}) VALUES ($1, $2, $3, 'active', ${placeholders(4, 6)})`,
          [randomUUID(), divisionId, i, ...vals(team)],
        );
      }
      for (const [i, cl] of d.caseLists.entries()) {
        const caseListId = randomUUID();
        await q.query(
          `INSERT INTO case_lists (id, division_id, position, status, time_limit, ${cols('case_name')}) VALUES ($1, $2, $3, $4, $5, ${placeholders(6, 6)})`,
          [caseListId, divisionId, i, cl.status, cl.timeLimitDays, ...vals(cl.name)],
        );
        for (const [j, question] of cl.questions.entries()) {
          const questionId = randomUUID();
          await q.query(
            `INSERT INTO questions (id, case_list_id, position, input_type, data_type, is_required, ${cols('name')}) VALUES ($1, $2, $3, $4, $5, $6, ${placeholders(7, 6)})`,
            [
              questionId,
              caseListId,
              j,
              question.inputType,
              question.dataType,
              question.isRequired,
              ...vals(question.name),
            ],
          );
          for (const [k, value] of (question.values ?? []).entries()) {
            await q.query(
              `INSERT INTO enum_values (id, question_id, position, ${cols('value')}) VALUES ($1, $2, $3, ${placeholders(4, 6)})`,
              [randomUUID(), questionId, k, ...vals(value)],
            );
          }
        }
      }
    }
    return true;
  });
}

/** The bureau's staff of the reference data (STAFF), each added once: a member already there, by e-mail, is kept. */
async function seedStaff(q: Queryable) {
  for (const s of STAFF) {
    await q.query(
      `INSERT INTO staff (id, email, firstname, middlename, lastname, firstname_am, middlename_am, lastname_am, role)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (email) DO NOTHING`,
      [
        randomUUID(),
        s.email,
        s.firstname,
        s.middlename,
        s.lastname,
        s.am.firstname,
        s.am.middlename,
        s.am.lastname,
        s.role,
      ],
    );
  }
}

export const DEMO = {
  email: 'demo@housing.example.et',
  password: 'Demo-2019-portal',
  phone: '0911223344',
  /** The demo's anonymous complaint, received, for the README's staff examples (a real one's code is random). */
  complaint: 'ACC-DEMQSAMPLE234',
};

/** A real PDF of the demo's: its applications, and the sample the staff command line writes (`sample-pdf`). */
export async function demoPdf(title: string): Promise<Uint8Array> {
  const w = await PdfWriter.create(title, 'Demo document / የማሳያ ሰነድ');
  return w
    .title(title)
    .paragraph('This is a demonstration document of the housing bureau portal. / ይህ የቤቶች ቢሮ መግቢያ የማሳያ ሰነድ ነው።')
    .save();
}

/**
 * A verified demo customer with cases in every status, so that a new user of `npm start`
 * sees a lived-in portal. Runs once; answers true when it created the customer.
 */
export async function seedDemo(context: Context): Promise<boolean> {
  // The demo's history is made up: its status messages go nowhere.
  const ctx: Context = {
    ...context,
    mailer: { kind: 'outbox', send: async () => undefined },
    texter: { kind: 'outbox', send: async () => undefined },
  };
  const existing = await ctx.db.query('SELECT 1 FROM customers WHERE email = $1', [DEMO.email]);
  if (existing.length > 0) return false;
  const customerId = randomUUID();
  await ctx.db.query(
    `INSERT INTO customers (id, email, password_hash, firstname, middlename, lastname, gender, subcity, woreda, house_number, phone,
       house_phone_number, email_verified, phone_owned_since, preferred_language)
     VALUES ($1, $2, $3, 'Abebe', 'Kebede', 'Tesfaye', 'Male', 'Bole', '03', '1245', $4, '0116612345', true, now(), 'Am')`,
    [customerId, DEMO.email, await hashPassword(DEMO.password), DEMO.phone],
  );
  const caseLists = await ctx.db.query<{ id: string; division_id: string }>(
    `SELECT cl.id, cl.division_id FROM case_lists cl JOIN divisions d ON d.id = cl.division_id
     WHERE cl.status = 'active' AND d.status = 'active' AND d.special = 'no' ORDER BY d.position, cl.position`,
  );
  const questions = await ctx.db.query<{
    id: string;
    case_list_id: string;
    input_type: string;
    data_type: string;
    first_value: string | null;
  }>(
    `SELECT q.id, q.case_list_id, q.input_type, q.data_type,
            (SELECT e.id::text FROM enum_values e WHERE e.question_id = q.id ORDER BY e.position LIMIT 1) AS first_value
     FROM questions q ORDER BY q.position`,
  );
  // Each step by the role that takes it (ADR 0038): a case handler processes and responds, a team leader verifies and rejects.
  const [staff, leader] = await Promise.all(
    (['case_handler', 'team_leader'] as const).map(
      async (role) =>
        (await ctx.db.query<{ id: string }>('SELECT id FROM staff WHERE role = $1 ORDER BY email LIMIT 1', [role]))[0],
    ),
  );
  if (!staff || !leader || caseLists.length === 0) return false;
  const responsePdf = `${ctx.config.dataDir}/staging-demo-response.pdf`;
  const { writeFile, rm } = await import('node:fs/promises');
  await writeFile(responsePdf, await demoPdf('Response / ምላሽ'));

  // Every status of the lifecycle, the bureau's question, an appeal and a withdrawal among them (filed first:
  // the newest cases stay those of the spec's statuses); two answered cases: one to rate, one still to rate after that.
  // The first, pending, was filed long ago and is late: numbered first, as a case filed first is,
  // so that the list's "Latest" order and the numbers agree (issue 51).
  const statuses = [
    'pending',
    'info_requested',
    'appealed',
    'withdrawn',
    'pending',
    'ongoing',
    'responded',
    'verified',
    'rejected',
    'verified',
  ] as const;
  const numbers: string[] = [];
  for (const [i, status] of statuses.entries()) {
    const cl = caseLists[i % caseLists.length] as { id: string; division_id: string };
    const form = questions
      .filter((q) => q.case_list_id === cl.id)
      .map((q) => ({
        [q.id]:
          q.input_type === 'select'
            ? (q.first_value ?? '')
            : q.data_type === 'number'
              ? String(3 + i)
              : `Demo ${i + 1}`,
      }));
    const pdf = Readable.from([Buffer.from(await demoPdf(`Application ${i + 1} / ማመልከቻ ${i + 1}`))]);
    const attachment = await ctx.storage.stage(
      pdf,
      { kind: 'pdf', maxBytes: ATTACHMENT_MAX_BYTES, required: true },
      'CaseFiles',
    );
    const created = await createCase(
      ctx,
      customerId,
      {
        division: cl.division_id,
        caselist: cl.id,
        form: JSON.stringify(form),
        remark: i % 2 === 0 ? 'የማሳያ ማብራሪያ / Demo remark' : '',
        related_case_id: '',
      },
      attachment,
    );
    const number = created.case.case_number;
    numbers.push(number);
    const path: Record<
      (typeof statuses)[number],
      ('ongoing' | 'responded' | 'verified' | 'rejected' | 'info_requested')[]
    > = {
      info_requested: ['ongoing', 'info_requested'],
      appealed: ['ongoing', 'rejected'],
      withdrawn: [],
      pending: [],
      ongoing: ['ongoing'],
      responded: ['ongoing', 'responded'],
      verified: ['ongoing', 'responded', 'verified'],
      rejected: ['ongoing', 'rejected'],
    };
    for (const to of path[status]) {
      await moveCase(ctx, number, {
        to,
        staffId: to === 'verified' || to === 'rejected' ? leader.id : staff.id,
        ...(to === 'responded'
          ? { responseFile: responsePdf, note: 'Approved as requested. / በተጠየቀው መሠረት ጸድቋል።' }
          : {}),
        ...(to === 'rejected'
          ? { justification: 'The plot number does not match the records. / የቦታ ቁጥሩ ከመዝገቡ ጋር አይመሳሰልም።' }
          : {}),
        ...(to === 'info_requested' ? { note: 'Please send a copy of the title deed. / እባክዎ የይዞታ ማረጋገጫ ቅጂ ይላኩ።' } : {}),
      });
    }
    // The customer's own steps, as the case page takes them.
    if (status === 'appealed')
      await takeStep(
        ctx,
        customerId,
        created.case._id,
        'appeal',
        'The plot number on my deed is right. / በይዞታ ማረጋገጫዬ ያለው የቦታ ቁጥር ትክክል ነው።',
        undefined,
      );
    if (status === 'withdrawn')
      await takeStep(
        ctx,
        customerId,
        created.case._id,
        'withdraw',
        'Filed twice by mistake. / በስህተት ሁለት ጊዜ ገብቷል።',
        undefined,
      );
    if (status === 'ongoing') {
      await scheduleCase(ctx, number, 'scheduled', new Date(Date.now() + 7 * 86_400_000), staff.id);
      await scheduleCase(ctx, number, 'extended', new Date(Date.now() + 21 * 86_400_000), staff.id);
    }
  }
  await insertComplaint(ctx.db, {
    id: randomUUID(),
    tracking_code: DEMO.complaint,
    name: null,
    phone: null,
    subject: 'Waiting at the counter / በመስኮቱ ላይ መጠበቅ',
    description: 'I waited three hours at the counter of the land office. / በመሬት ቢሮው መስኮት ሦስት ሰዓት ጠበቅሁ።',
    accused_organizational_part: null,
    attachment: null,
    idempotency_key: null,
    notify_lang: null,
  });
  // The first case was filed long ago: it shows as late.
  await ctx.db.query("UPDATE cases SET created_at = now() - interval '60 days' WHERE case_number = $1", [numbers[0]]);
  await rm(responsePdf, { force: true });
  return true;
}
