import { describe, expect, it } from 'vitest';
import { sentName } from '../../server/adapters/file-kind.ts';
import { SENT_FILE_NAME_MAX } from '../../contract/limits.ts';
import { formatDay } from '../../contract/dates.ts';
import type { CaseRow, HistoryRow, ProfileRow } from '../../server/customers/data-rights/repository.ts';
import type { SummaryInput } from '../../server/customers/data-rights/summary.ts';
import { summaryHtml, summaryPdf } from '../../server/customers/data-rights/summary.ts';
import { textRuns } from '../support/pdf-text.ts';

const input = (lang: SummaryInput['lang']): SummaryInput => ({
  lang,
  exportedAt: new Date('2026-12-03T08:00:00Z'),
  profile: {
    firstname: 'አበበ <b>',
    middlename: 'ከበደ',
    lastname: 'ታደሰ',
    email: 'abebe@example.et',
    phone: '0911223344',
    picture: null,
    phone_proven: null,
    subcity: 'ቦሌ',
    woreda: '03',
    house_number: '12',
    created_at: '2026-10-01T08:00:00Z',
  } as ProfileRow,
  cases: [
    {
      row: {
        id: 'c1',
        case_number: 'HDAB-2019-000001',
        status: 'rejected',
        attachment: 'x.pdf',
        response_justification: null,
        response_attachment: null,
        case_request: 'Rental maintenance',
        case_request_am: 'የኪራይ ቤት ጥገና',
        division: 'Rental',
        division_am: 'ኪራይ',
        created_at: '2026-10-02T08:00:00Z',
      } as CaseRow,
      history: [
        {
          at: '2026-10-02T08:00:00Z',
          action: 'created',
          to_status: 'pending',
          by: 'you',
          note: null,
          attachment: null,
        },
        {
          at: '2026-10-05T08:00:00Z',
          action: 'status',
          to_status: 'rejected',
          by: 'the bureau',
          note: 'x',
          attachment: null,
        },
      ] as HistoryRow[],
      files: ['files/HDAB-2019-000001/application.pdf'],
    },
  ],
  otherFiles: [],
  notifications: 3,
  texts: 0,
});

describe('the archive’s summary (issue 51)', () => {
  it('is written in the customer’s language and calendar, its files linked, nothing it quotes taken for markup', () => {
    const html = summaryHtml(input('am'));
    expect(html).toContain('<html lang="am">');
    expect(html).toContain('<h1>በቤቶች ልማትና አስተዳደር ቢሮ ያለ መረጃዎ</h1>');
    expect(html).toContain('የኪራይ ቤት ጥገና');
    expect(html).toContain('ውድቅ ተደርጓል (በቢሮው)');
    expect(html).toContain(formatDay('2026-10-05T08:00:00Z', 'am'));
    expect(html).toContain('<a href="files/HDAB-2019-000001/application.pdf">');
    expect(html).toContain('አበበ &lt;b&gt;');
    expect(html).not.toContain('<b>');
    // The number whole in its heading; the portal's Ethiopic font inside the page, for a device without one.
    expect(html).toContain('<span class="n">HDAB-2019-000001</span>');
    expect(html).toMatch(
      /@font-face\{font-family:"Portal Ethiopic";font-weight:400;[^}]*src:url\(data:font\/woff2;base64,d09GMg/,
    );
    // Before the system's families: a system family first drew boxes in Chromium.
    expect(html).toContain('body{font-family:"Portal Ethiopic",');
    const en = summaryHtml(input('en'));
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('Rental maintenance');
    expect(en).toContain(formatDay('2026-10-05T08:00:00Z', 'en'));
  });

  it('as a PDF says the same', async () => {
    const text = (await textRuns(await summaryPdf(input('am')))).map((r) => r.text).join(' ');
    expect(text).toContain('በቤቶች ልማትና አስተዳደር ቢሮ ያለ መረጃዎ');
    expect(text).toContain('HDAB-2019-000001');
  });
});

describe('the name a file was sent with, as the archive gives it back', () => {
  it('keeps its last part, without control characters or a leading dot, its extension kept when cut', () => {
    expect(sentName('C:\\Users\\abebe\\ውል.pdf')).toBe('ውል.pdf');
    expect(sentName('../../etc/passwd')).toBe('passwd');
    expect(sentName('.hidden.pdf')).toBe('hidden.pdf');
    expect(sentName('a\u0000b\nc<d>.pdf')).toBe('abcd.pdf');
    expect(sentName('')).toBeNull();
    expect(sentName(undefined)).toBeNull();
    expect(sentName('...')).toBeNull();
    const long = sentName(`${'x'.repeat(300)}.pdf`);
    expect(long).toHaveLength(SENT_FILE_NAME_MAX);
    expect(long?.endsWith('.pdf')).toBe(true);
  });
});
