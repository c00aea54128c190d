import { parseArgs } from 'node:util';
import pino from 'pino';
import { CASE_STATUSES } from '../../contract/entities.ts';
import { COMPLAINT_STATUSES } from '../../contract/responses.ts';
import { ComplaintError, answerComplaint, listComplaints, reviewComplaint } from '../services/accusations.ts';
import { ConfigError, loadStaffConfig } from '../config.ts';
import type { Context } from '../context.ts';
import { closeContext, createContext } from '../context.ts';
import { DatabaseBusyError } from '../db/client.ts';
import { seedReference } from '../seed/seed.ts';
import { formatCounts, lifecycleCounts } from '../cases/flow-report.ts';
import { FLOW_REPORT_DAYS, FLOW_REPORT_MAX_DAYS } from '../../contract/limits.ts';
import { StaffError, findStaff, listCasesForStaff, moveCase, scheduleCase } from '../cases/staff.ts';

const USAGE = `Staff command line of the housing bureau portal (the same service code as the API).

Usage: npm run staff -- <command> [case number] [options]

Commands:
  list [--status S]                         the latest 200 cases, optionally of one status
  ongoing  <case>                           start processing a pending case
  respond  <case> --file response.pdf       answer the case with a PDF (optional --note "...")
  verify   <case>                           verify the response: the customer sees it as responded
  reject   <case> --reason "justification"  reject the case
  request-info <case> --reason "..."        ask the customer for information or a document
  appeal   <case> --uphold|--overturn --reason "..."
                                            decide an appeal: overturn returns the case to
                                            processing, uphold keeps the rejection (final)
  schedule <case> --date YYYY-MM-DD         set an appointment
  extend   <case> --date YYYY-MM-DD         extend the deadline of the case
  staff                                     list the staff members
  complaints [--status S]                   the latest 200 complaints (received, under_review, answered)
  complaint-review <code>                   take a received complaint up: its page says "under review"
  complaint-answer <code> --text "..."      answer a complaint (optional --file answer.pdf); its page shows it
  flow-report [--days N]                    how many times each transition of the case lifecycle
                                            was taken in the last N days (default ${FLOW_REPORT_DAYS},
                                            at most ${FLOW_REPORT_MAX_DAYS}); counts only

Options:
  --by EMAIL   the staff member acting (default: the first by email)

Every change writes the case history and emails the customer.
The database and mail come from the same environment as the server (DATABASE_URL, DATA_DIR, SMTP_URL).`;

async function run(ctx: Context, argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      status: { type: 'string' },
      file: { type: 'string' },
      note: { type: 'string' },
      reason: { type: 'string' },
      text: { type: 'string' },
      date: { type: 'string' },
      days: { type: 'string' },
      by: { type: 'string' },
      uphold: { type: 'boolean' },
      overturn: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, caseNumber] = positionals;
  if (!command || values.help) {
    console.log(USAGE);
    return;
  }
  if (command === 'list') {
    if (values.status && !(CASE_STATUSES as readonly string[]).includes(values.status))
      throw new StaffError(`--status must be one of ${CASE_STATUSES.join(', ')}.`);
    const rows = await listCasesForStaff(ctx, values.status);
    if (rows.length === 0) console.log('No cases.');
    for (const r of rows) console.log(`${r.case_number}\t${r.status.padEnd(9)}\t${r.created_at.toISOString().slice(0, 10)}\t${r.email}`);
    return;
  }
  if (command === 'staff') {
    for (const s of await ctx.db.query<{ email: string; firstname: string; lastname: string; role: string }>(
      'SELECT email, firstname, lastname, role FROM staff ORDER BY email',
    )) {
      console.log(`${s.email}\t${s.firstname} ${s.lastname}\t${s.role}`);
    }
    return;
  }
  if (command === 'complaints') {
    if (values.status && !(COMPLAINT_STATUSES as readonly string[]).includes(values.status))
      throw new StaffError(`--status must be one of ${COMPLAINT_STATUSES.join(', ')}.`);
    const rows = await listComplaints(ctx, values.status);
    if (rows.length === 0) console.log('No complaints.');
    for (const r of rows) console.log(`${r.tracking_code}\t${r.status.padEnd(12)}\t${r.created_at.toISOString().slice(0, 10)}\t${r.subject}`);
    return;
  }
  if (command === 'flow-report') {
    const days = values.days === undefined ? FLOW_REPORT_DAYS : Number(values.days);
    if (!Number.isInteger(days) || days < 1 || days > FLOW_REPORT_MAX_DAYS)
      throw new StaffError(`--days must be a whole number from 1 to ${FLOW_REPORT_MAX_DAYS}.`);
    console.log(formatCounts(await lifecycleCounts(ctx.db, days)));
    return;
  }
  if (command === 'complaint-review' || command === 'complaint-answer') {
    const code = caseNumber;
    if (!code) throw new StaffError(`"${command}" needs a tracking code.\n\n${USAGE}`);
    if (command === 'complaint-review') await reviewComplaint(ctx, code);
    else await answerComplaint(ctx, code, values.text ?? '', values.file);
    console.log(`${code.toUpperCase()}: ${command === 'complaint-review' ? 'under review' : 'answered'}; its tracking page shows it.`);
    return;
  }
  if (!caseNumber) throw new StaffError(`"${command}" needs a case number.\n\n${USAGE}`);
  const staff = await findStaff(ctx, values.by);
  const moves: Record<string, () => Promise<unknown>> = {
    ongoing: () => moveCase(ctx, caseNumber, { to: 'ongoing', staffId: staff.id }),
    respond: () =>
      moveCase(ctx, caseNumber, {
        to: 'responded',
        staffId: staff.id,
        ...(values.file ? { responseFile: values.file } : {}),
        ...(values.note ? { note: values.note } : {}),
      }),
    verify: () => moveCase(ctx, caseNumber, { to: 'verified', staffId: staff.id }),
    reject: () => moveCase(ctx, caseNumber, { to: 'rejected', staffId: staff.id, ...(values.reason ? { justification: values.reason } : {}) }),
    'request-info': () => moveCase(ctx, caseNumber, { to: 'info_requested', staffId: staff.id, ...(values.reason ? { note: values.reason } : {}) }),
    appeal: () => {
      if (Boolean(values.uphold) === Boolean(values.overturn)) throw new StaffError('Say --uphold or --overturn.');
      const reason = values.reason ? { note: values.reason, justification: values.reason } : {};
      return moveCase(
        ctx,
        caseNumber,
        values.uphold ? { to: 'rejected', via: 'UPHOLD', staffId: staff.id, ...reason } : { to: 'ongoing', via: 'OVERTURN', staffId: staff.id, ...reason },
      );
    },
    schedule: () => scheduleCase(ctx, caseNumber, 'scheduled', new Date(values.date ?? ''), staff.id),
    extend: () => scheduleCase(ctx, caseNumber, 'extended', new Date(values.date ?? ''), staff.id),
  };
  const move = moves[command];
  if (!move) throw new StaffError(`Unknown command "${command}".\n\n${USAGE}`);
  await move();
  console.log(`${caseNumber.toUpperCase()}: ${command} done by ${staff.name}; the customer has been emailed.`);
}

async function main(): Promise<void> {
  const config = loadStaffConfig();
  const log = pino({ level: 'warn' });
  const ctx = await createContext(config, log, { printMail: true, instance: `staff-cli-${process.pid}` });
  try {
    await seedReference(ctx.db);
    await run(ctx, process.argv.slice(2));
  } finally {
    await closeContext(ctx);
  }
}

main().catch((error: unknown) => {
  if (error instanceof StaffError || error instanceof ComplaintError || error instanceof ConfigError || error instanceof DatabaseBusyError)
    console.error(error.message);
  else if (error instanceof Error && error.name === 'TypeError' && 'code' in error) console.error(`${error.message}\n\n${USAGE}`);
  else console.error('Failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
