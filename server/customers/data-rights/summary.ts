import type { CaseStatus } from '../../../contract/entities.ts';
import type { Lang } from '../../../contract/languages.ts';
import { formatDay } from '../../../contract/dates.ts';
import { escapeHtml, ethiopicFace } from '../../adapters/html.ts';
import { PdfWriter } from '../../adapters/pdf.ts';
import type { TextKey } from '../../texts/messages.ts';
import { say } from '../../texts/messages.ts';
import { statusName } from '../../notify/templates.ts';
import type { CaseRow, HistoryRow, ProfileRow } from './repository.ts';

/** A case as the summary tells it: its row, its history, and the names its files have in the archive. */
export interface SummaryCase {
  row: CaseRow;
  history: HistoryRow[];
  files: string[];
}

/** What the summary says: the profile, the cases, the other files, and how many messages and texts data.json holds. */
export interface SummaryInput {
  lang: Lang;
  exportedAt: Date;
  profile: ProfileRow;
  cases: SummaryCase[];
  otherFiles: string[];
  notifications: number;
  texts: number;
}

/** One section of the summary: a heading and its rows (a label and its value), written alike in HTML and PDF. */
interface Section {
  heading: string;
  /** A case number after the heading, kept whole. */
  number?: string;
  rows: [string, string][];
}

const text = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));

/**
 * The archive's summary in the customer's language (issue 51): what a person reads, beside the
 * data.json a machine reads. Its sections once, written as HTML and as PDF.
 */
function sections(input: SummaryInput): { title: string; intro: string; body: Section[] } {
  const { lang, profile: p } = input;
  const t = (key: TextKey, values?: Record<string, string | number>) =>
    say(lang, key, values) ?? say('en', key, values) ?? key;
  const day = (v: unknown) => formatDay(v as string | Date | null, lang);
  const status = (s: unknown) => statusName(s as CaseStatus, lang) ?? text(s);
  const body: Section[] = [
    {
      heading: t('print.customer'),
      rows: [
        [t('print.name'), `${text(p.firstname)} ${text(p.middlename)} ${text(p.lastname)}`],
        [t('archive.email'), text(p.email)],
        [t('print.phone'), text(p.phone)],
        [t('print.address'), `${text(p.subcity)}, ${text(p.woreda)}, ${text(p.house_number)}`],
        [t('archive.since'), day(p.created_at)],
      ],
    },
  ];
  for (const c of input.cases) {
    const r = c.row;
    body.push({
      heading: `${t('print.number')}:`,
      number: text(r.case_number),
      rows: [
        [t('print.status'), status(r.status)],
        [t('print.type'), text((lang === 'en' ? r.case_request : r.case_request_am) || r.case_request)],
        [t('print.division'), text((lang === 'en' ? r.division : r.division_am) || r.division)],
        [t('print.submitted'), day(r.created_at)],
        ...c.history
          .filter((h) => h.action === 'status' || h.action === 'created')
          .map((h): [string, string] => [
            day(h.at),
            `${status(h.action === 'created' ? 'pending' : h.to_status)} (${t(h.by === 'you' ? 'archive.byYou' : 'archive.byBureau')})`,
          ]),
        ...c.files.map((f): [string, string] => [t('archive.file'), f]),
      ],
    });
  }
  body.push({
    heading: t('archive.rest'),
    rows: [
      ...input.otherFiles.map((f): [string, string] => [t('archive.file'), f]),
      [t('archive.messages'), String(input.notifications)],
      [t('archive.texts'), String(input.texts)],
    ],
  });
  return { title: t('archive.title'), intro: t('archive.intro', { date: day(input.exportedAt) }), body };
}

/** The summary as a page a browser opens from the unpacked archive: its files linked where they lie. */
export function summaryHtml(input: SummaryInput): string {
  const { title, intro, body } = sections(input);
  const isFile = (v: string) => v.startsWith('files/');
  const value = (v: string) => (isFile(v) ? `<a href="${escapeHtml(v)}">${escapeHtml(v)}</a>` : escapeHtml(v));
  return `<!doctype html>
<html lang="${input.lang === 'en' ? 'en' : 'am'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${ethiopicFace(400)}
body{font-family:"Portal Ethiopic",system-ui,"Noto Sans Ethiopic",sans-serif;max-width:48rem;margin:1rem auto;padding:0 1rem;line-height:1.6}dt{font-weight:600;color:#4a5361}dd{margin:0 0 .5rem;overflow-wrap:anywhere}.n{white-space:nowrap}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(intro)}</p>
${body
  .map(
    (s) =>
      `<section><h2>${escapeHtml(s.heading)}${s.number ? ` <span class="n">${escapeHtml(s.number)}</span>` : ''}</h2><dl>${s.rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${value(v)}</dd>`).join('')}</dl></section>`,
  )
  .join('\n')}
</body>
</html>
`;
}

/** The same summary as a PDF (the Ethiopic font embedded), for a phone that opens PDFs but not a page from a ZIP. */
export async function summaryPdf(input: SummaryInput): Promise<Uint8Array> {
  const { title, intro, body } = sections(input);
  const w = await PdfWriter.create(title, say(input.lang, 'bureau') ?? say('en', 'bureau') ?? '');
  w.title(title).paragraph(intro);
  for (const s of body) {
    w.heading(s.number ? `${s.heading} ${s.number}` : s.heading);
    for (const [k, v] of s.rows) w.field(k, v);
  }
  return w.save();
}
