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

/**
 * Choosing a file: an acceptable one is kept and its field's error cleared; a refused one
 * is dropped with the reason as the field's error (nothing is uploaded before this check).
 */
export function chooseFile<F extends ChosenFile>(
  errors: Record<string, FieldError>,
  field: string,
  file: F | null,
  problemOf: (file: ChosenFile) => FieldError | null,
): { file: F | null; errors: Record<string, FieldError> } {
  const { [field]: _previous, ...rest } = errors;
  const problem = file ? problemOf(file) : null;
  return problem ? { file: null, errors: { ...rest, [field]: problem } } : { file, errors: rest };
}
