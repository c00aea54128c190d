/** The spec's statements that `npm run trace` (scripts/trace.ts) holds requirements to: its sections 2 to 9. */
export const TRACED_SECTIONS = ['2', '3', '4', '5', '6', '7', '8', '9'];

/** One statement of the spec: a table's row, or a sentence of a bullet or paragraph; `at` is where it starts in the spec. */
export interface Statement {
  line: number;
  text: string;
  at: number;
}

/**
 * The sentences of a bullet or paragraph. A sentence ends at `.`, `!` or `?` (and a closing
 * quote or parenthesis after it) followed by a space and a capital letter, a quote or `**`:
 * not inside quotes ('Too many attempts. Please try again later.'; an apostrophe between
 * letters, as in don't, is no quote), not after an abbreviation of single letters (e.g., i.e.)
 * or a title (Mr., Dr.), and never inside a number (3.5), a file name (CUSTOMERLATEST.pdf) or
 * an address (www.example.org), where no space follows the point.
 */
export function sentences(text: string): string[] {
  const out: string[] = [];
  let from = 0;
  let quote = '';
  const ends = (i: number) => {
    let next = i + 1;
    while (text[next] === ')') next++;
    if (!/^\s+(?:[A-Z]|['"]|\*\*)/.test(text.slice(next))) return;
    const before = text.slice(from, i);
    if (
      text[i] === '.' &&
      (/(?:^|[^\w.])(?:[A-Za-z]\.)*[A-Za-z]$/.test(before) || /\b(?:Mr|Mrs|Ms|Dr|St|cf|vs)$/.test(before))
    )
      return;
    out.push(text.slice(from, next).trim());
    from = next;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const wordBefore = /\w/.test(text[i - 1] ?? '');
    if (c === '"' && quote !== "'") quote = quote ? '' : '"';
    else if (c === "'" && !(wordBefore && /\w/.test(text[i + 1] ?? ''))) {
      if (quote === "'") quote = '';
      else if (!quote && !wordBefore) quote = "'";
    } else if (/[.!?]/.test(c) && !quote) ends(i);
    // A quote that closes right after its sentence's point ends the sentence too.
    if (/['"]/.test(c) && !quote && /[.!?]/.test(text[i - 1] ?? '')) ends(i);
  }
  const last = text.slice(from).trim();
  return last ? [...out, last] : out;
}

/**
 * The statements of the traced sections: each row of a table, each sentence of a bullet (its
 * `- ` left out) or a paragraph. Not headings, a table's header and rule, nor a bold heading
 * alone (`**Case status display**`, `- **Customer user**:`).
 */
export function statements(spec: string): Statement[] {
  const lines = spec.split('\n');
  const out: Statement[] = [];
  let section = '';
  let start = 0;
  lines.forEach((raw, i) => {
    const lineStart = start;
    start += raw.length + 1;
    const trimmed = raw.trim();
    const heading = /^## (\d+)\./.exec(trimmed);
    if (heading) section = heading[1]!;
    if (!TRACED_SECTIONS.includes(section) || !trimmed || trimmed.startsWith('#')) return;
    if (/^\|[-| ]+\|$/.test(trimmed)) return; // a table's rule
    if (trimmed.startsWith('|') && /^\|[-| ]+\|$/.test(lines[i + 1]?.trim() ?? '')) return; // its header
    const text = trimmed.replace(/^- /, '');
    if (/^\*\*[^*]+\*\*:?$/.test(text)) return; // a bold heading alone
    const at = lineStart + raw.indexOf(text);
    if (text.startsWith('|')) {
      out.push({ line: i + 1, text, at });
      return;
    }
    let from = 0;
    for (const sentence of sentences(text)) {
      from = text.indexOf(sentence, from);
      out.push({ line: i + 1, text: sentence, at: at + from });
      from += sentence.length;
    }
  });
  return out;
}
