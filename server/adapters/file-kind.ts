import type { FileRule } from '../../contract/request-parts.ts';
import { SENT_FILE_NAME_MAX } from '../../contract/limits.ts';

/** How many first bytes of a file `sniff` reads. */
export const SNIFF_BYTES = 16;

/** The kinds of file the portal keeps, by extension, with the type they are served as. */
export const FILE_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

const kind = (ext: string) => ({ ext, type: FILE_TYPES[ext] ?? '' });

/** What the first bytes of a file say it is; never the name or the declared type. */
export function sniff(head: Buffer): { ext: string; type: string } | null {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return kind('pdf');
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return kind('jpg');
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return kind('png');
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return kind('webp');
  return null;
}

/** Whether a sniffed kind is one the field's rule takes: a PDF, or a picture. */
export function accepts(rule: FileRule, ext: string): boolean {
  return rule.kind === 'pdf' ? ext === 'pdf' : ['jpg', 'png', 'webp'].includes(ext);
}

/**
 * The name a file was sent with, as it may be given back (the data archive): its last part
 * only, without control characters or the marks that would make a folder or a hidden file, at
 * most SENT_FILE_NAME_MAX characters with its extension kept; null when nothing is left.
 */
export function sentName(sent: string | undefined): string | null {
  const base = (sent ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f && !':*?"<>|'.includes(ch))
    .join('')
    .replace(/^[.\s]+/, '')
    .trim();
  if (!clean) return null;
  if (clean.length <= SENT_FILE_NAME_MAX) return clean;
  const ext = /\.[A-Za-z0-9]{1,5}$/.exec(clean)?.[0] ?? '';
  return `${clean.slice(0, SENT_FILE_NAME_MAX - ext.length)}${ext}`;
}
