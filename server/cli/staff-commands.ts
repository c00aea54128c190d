import { writeFile } from 'node:fs/promises';
import { bucketStore, diskStore } from '../adapters/object-store.ts';
import type { Config } from '../config/config.ts';
import { copyIntoBucket } from '../adapters/storage-copy.ts';
import { parseArgs } from 'node:util';
import { CASE_STATUSES } from '../../contract/entities.ts';
import { FLOW_REPORT_DAYS, FLOW_REPORT_MAX_DAYS } from '../../contract/limits.ts';
import { COMPLAINT_STATUSES } from '../../contract/feedback/answers.ts';
import { formatCounts, lifecycleCounts } from '../cases/flow-report.ts';
import { StaffError, findStaff, listCasesForStaff, listStaff, moveCase, scheduleCase } from '../cases/staff/staff.ts';
import { ConfigError } from '../config/config.ts';
import type { Context } from '../context.ts';
import { DatabaseBusyError } from '../db/client.ts';
import { ComplaintError, answerComplaint, listComplaints, reviewComplaint } from '../feedback/complaints.ts';
import { demoPdf } from '../seed/seed.ts';
import { answerSms } from '../sms/inbox.ts';
import { phoneKey } from '../../contract/phone.ts';
import { AppError } from '../runtime/errors.ts';
import { message } from '../texts/messages.ts';

/** The staff commands, one module for the command line and for a running server that takes them (ADR 0021). */
/** The commands that move a case, each with its move below (the record's type holds the two lists together). */
const CASE_COMMANDS = [
  'ongoing',
  'respond',
  'verify',
  'reject',
  'request-info',
  'appeal',
  'schedule',
  'extend',
] as const;
type CaseCommand = (typeof CASE_COMMANDS)[number];
const isCaseCommand = (command: string): command is CaseCommand =>
  (CASE_COMMANDS as readonly string[]).includes(command);

export const USAGE = `Staff command line of the housing bureau portal (the same service code as the API).

Usage: npm run staff -- <command> [case number] [options]

Commands:
  list [--status S]                         the latest 200 cases, optionally of one status
  ongoing  <case>                           start processing a pending case, or send a response
                                            back to processing before it is verified
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
  sample-pdf --file response.pdf            write a sample PDF to try respond and complaint-answer with
  sms <phone> --text "..."                  answer a text as if <phone> had sent it to the bureau's
                                            number (try the SMS commands without an operator: the
                                            answer is printed and goes out as every SMS does)
  storage copy                              copy DATA_DIR's files into the bucket of OBJECT_STORAGE_URL,
                                            under the same names (again: only what is not there yet);
                                            the folder's files stay until you remove them
  flow-report [--days N]                    how many times each transition of the case lifecycle
                                            was taken in the last N days (default ${FLOW_REPORT_DAYS},
                                            at most ${FLOW_REPORT_MAX_DAYS}); counts only

Options:
  --by EMAIL   the staff member who takes a step of a case or a complaint: required, the
               history names them. Who may take which step (ADR 0038):
                 case handler          ongoing, request-info, respond, schedule, extend
                 team leader           verify (not a response they wrote), reject, send back
                                       (ongoing from responded), appeal (not against a
                                       rejection they made)
                 accusation acceptor   complaint-review, complaint-answer

Every step writes the case history; the customer is told by mail (and SMS if they chose it),
except of a response before it is verified and of a send-back.
The database and mail come from the same environment as the server (DATABASE_URL, DATA_DIR, SMTP_URL).
On the embedded database a running server takes the command itself (DATA_DIR/admin/admin.sock):
the portal need not stop.`;

/**
 * `storage copy`: the data folder's files into the bucket of OBJECT_STORAGE_URL (ADR 0043).
 * It needs the folder and the bucket, not the database: the command line runs it itself,
 * beside a server still running on the folder (server/cli/staff.ts), with its own settings.
 */
export async function runStorageCommand(
  config: Pick<Config, 'dataDir' | 'objectStorage'>,
  argv: string[],
  say: (line: string) => void,
): Promise<void> {
  if (argv[1] !== 'copy') throw new StaffError(`"storage" does one thing: storage copy.\n\n${USAGE}`);
  if (!config.objectStorage)
    throw new StaffError(
      '"storage copy" copies DATA_DIR\'s files into a bucket: set OBJECT_STORAGE_URL to it (README, Configuration).',
    );
  const bucket = bucketStore(config.objectStorage);
  await bucket.init([]);
  const done = await copyIntoBucket(diskStore(config.dataDir), bucket, say);
  const total = done.copied + done.skipped;
  say(
    `Copied ${done.copied} of ${total} files (${(done.bytes / (1024 * 1024)).toFixed(1)} MB)${done.skipped ? `; ${done.skipped} were in the bucket already` : ''}. The files in ${config.dataDir} are left as they were.`,
  );
}

/** Each step of a case or a complaint names who takes it (issue 52, ADR 0038): never a staff member by default. */
function needsBy(command: string, by: string | undefined): string {
  if (!by)
    throw new StaffError(
      `"${command}" needs --by EMAIL: the staff member who takes the step (npm run staff -- staff lists them).`,
    );
  return by;
}

/**
 * Runs one staff command with a context (the command line's own, or a running server's,
 * server/runtime/admin-socket.ts); what it says goes to `say`, a line at a time.
 */
export async function runStaffCommand(ctx: Context, argv: string[], say: (line: string) => void): Promise<void> {
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
  if (!command || command === 'help' || values.help) {
    say(USAGE);
    return;
  }
  if (command === 'list') {
    if (values.status && !(CASE_STATUSES as readonly string[]).includes(values.status))
      throw new StaffError(`--status must be one of ${CASE_STATUSES.join(', ')}.`);
    const rows = await listCasesForStaff(ctx, values.status);
    if (rows.length === 0) say('No cases.');
    for (const r of rows)
      say(`${r.case_number}\t${r.status.padEnd(9)}\t${r.created_at.toISOString().slice(0, 10)}\t${r.email}`);
    return;
  }
  if (command === 'staff') {
    for (const s of await listStaff(ctx)) {
      const am = s.firstname_am ? ` / ${s.firstname_am} ${s.lastname_am ?? ''}`.trimEnd() : '';
      say(`${s.email}\t${s.firstname} ${s.lastname}${am}\t${s.role}`);
    }
    return;
  }
  if (command === 'complaints') {
    if (values.status && !(COMPLAINT_STATUSES as readonly string[]).includes(values.status))
      throw new StaffError(`--status must be one of ${COMPLAINT_STATUSES.join(', ')}.`);
    const rows = await listComplaints(ctx, values.status);
    if (rows.length === 0) say('No complaints.');
    for (const r of rows)
      say(`${r.tracking_code}\t${r.status.padEnd(12)}\t${r.created_at.toISOString().slice(0, 10)}\t${r.subject}`);
    return;
  }
  if (command === 'flow-report') {
    const days = values.days === undefined ? FLOW_REPORT_DAYS : Number(values.days);
    if (!Number.isInteger(days) || days < 1 || days > FLOW_REPORT_MAX_DAYS)
      throw new StaffError(`--days must be a whole number from 1 to ${FLOW_REPORT_MAX_DAYS}.`);
    say(formatCounts(await lifecycleCounts(ctx.db, days)));
    return;
  }
  if (command === 'sms') {
    const typed = caseNumber;
    if (!typed || !values.text?.trim()) throw new StaffError(`"sms" needs a phone number and --text.\n\n${USAGE}`);
    // As a phone's number reaches the bureau: one number however it is written (contract/phone.ts).
    const from = phoneKey(typed);
    if (!from) throw new StaffError(`${typed} is not a phone number (0911223344, +251911223344, +44…).`);
    const answer = await answerSms(ctx, { from, text: values.text });
    say(
      answer ??
        `${typed}: past its limit of answers, or a number the operator account does not reach; the text is recorded, nothing is sent.`,
    );
    return;
  }
  if (command === 'sample-pdf') {
    if (!values.file) throw new StaffError(`"sample-pdf" needs --file.\n\n${USAGE}`);
    await writeFile(values.file, await demoPdf('Sample response / የናሙና ምላሽ'));
    say(`${values.file}: a sample PDF, to try respond and complaint-answer with.`);
    return;
  }
  if (command === 'complaint-review' || command === 'complaint-answer') {
    const code = caseNumber;
    if (!code) throw new StaffError(`"${command}" needs a tracking code.\n\n${USAGE}`);
    const by = await findStaff(ctx, needsBy(command, values.by));
    if (command === 'complaint-review') await reviewComplaint(ctx, code, by.id);
    else await answerComplaint(ctx, code, by.id, values.text ?? '', values.file);
    say(
      `${code.toUpperCase()}: ${command === 'complaint-review' ? 'under review' : 'answered'}; its tracking page shows it.`,
    );
    return;
  }
  if (command === 'storage') return runStorageCommand(ctx.config, argv, say);
  if (!isCaseCommand(command)) throw new StaffError(`Unknown command "${command}".\n\n${USAGE}`);
  if (!caseNumber) throw new StaffError(`"${command}" needs a case number.\n\n${USAGE}`);
  const moves: Record<CaseCommand, (staffId: string) => Promise<{ told: boolean } | void>> = {
    ongoing: (staffId) => moveCase(ctx, caseNumber, { to: 'ongoing', staffId }),
    respond: (staffId) =>
      moveCase(ctx, caseNumber, {
        to: 'responded',
        staffId,
        ...(values.file ? { responseFile: values.file } : {}),
        ...(values.note ? { note: values.note } : {}),
      }),
    verify: (staffId) => moveCase(ctx, caseNumber, { to: 'verified', staffId }),
    reject: (staffId) =>
      moveCase(ctx, caseNumber, {
        to: 'rejected',
        staffId,
        ...(values.reason ? { justification: values.reason } : {}),
      }),
    'request-info': (staffId) =>
      moveCase(ctx, caseNumber, {
        to: 'info_requested',
        staffId,
        ...(values.reason ? { note: values.reason } : {}),
      }),
    appeal: (staffId) => {
      if (Boolean(values.uphold) === Boolean(values.overturn)) throw new StaffError('Say --uphold or --overturn.');
      const reason = values.reason ? { note: values.reason, justification: values.reason } : {};
      return moveCase(
        ctx,
        caseNumber,
        values.uphold
          ? { to: 'rejected', via: 'UPHOLD', staffId, ...reason }
          : { to: 'ongoing', via: 'OVERTURN', staffId, ...reason },
      );
    },
    schedule: (staffId) => scheduleCase(ctx, caseNumber, 'scheduled', new Date(values.date ?? ''), staffId),
    extend: (staffId) => scheduleCase(ctx, caseNumber, 'extended', new Date(values.date ?? ''), staffId),
  };
  const move = moves[command];
  const staff = await findStaff(ctx, needsBy(command, values.by));
  const moved = await move(staff.id);
  // What the lifecycle sends: nothing for a response until it is verified (ADR 0035), nor for a send-back.
  const told =
    moved && !moved.told
      ? command === 'respond'
        ? 'the customer is told when the response is verified'
        : 'the customer is told nothing: their case read "processing" all along'
      : 'the customer is told by mail, and by SMS if they chose it (nothing once their account is deleted)';
  say(`${caseNumber.toUpperCase()}: ${command} done by ${staff.name}; ${told}.`);
}

/** What a failed command says: its own words for a refusal the staff can act on; otherwise only the message, never a stack. */
export function staffFailure(error: unknown): string {
  if (
    error instanceof StaffError ||
    error instanceof ComplaintError ||
    error instanceof ConfigError ||
    error instanceof DatabaseBusyError
  )
    return error.message;
  if (error instanceof Error && error.name === 'TypeError' && 'code' in error) return `${error.message}\n\n${USAGE}`;
  // A file the portal refused (not a PDF, too large): the sentence a customer would read, in English.
  if (error instanceof AppError) return message(error.key, error.values).Message_en;
  // A --file that is not there, or cannot be read: its path, not the system's code.
  if (error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'EACCES'))
    return `Cannot read ${'path' in error ? String(error.path) : 'the file'}: ${error.code === 'ENOENT' ? 'there is no such file' : 'permission denied'}.`;
  return `Failed: ${error instanceof Error ? error.message : String(error)}`;
}
