import { ATTACHMENT_MAX_BYTES, PICTURE_MAX_BYTES } from '../contract/limits.ts';
import type { FieldError } from './api-failure.ts';

/** What the machines need to know of a chosen file (a File in the browser). */
export interface ChosenFile {
  name: string;
  size: number;
  type: string;
}

/** A file is refused before upload when it is not a PDF or is over 10 MB (the server checks the content too). */
export function pdfProblem(file: ChosenFile): FieldError | null {
  const isPdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!isPdf) return { code: 'notPdf' };
  if (file.size > ATTACHMENT_MAX_BYTES) return { code: 'fileTooLarge', limit: ATTACHMENT_MAX_BYTES };
  return null;
}

export function pictureProblem(file: ChosenFile): FieldError | null {
  if (!['image/jpeg', 'image/png', 'image/webp'].includes(file.type)) return { code: 'notImage' };
  if (file.size > PICTURE_MAX_BYTES) return { code: 'fileTooLarge', limit: PICTURE_MAX_BYTES };
  return null;
}
