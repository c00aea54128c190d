import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Every run of text of a PDF, with where it starts and how wide it is, as a reader lays it out. */
export async function textRuns(bytes: Uint8Array): Promise<{ text: string; x: number; width: number }[]> {
  const doc = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise;
  const runs: { text: string; x: number; width: number }[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items)
      if ('str' in item && item.str) runs.push({ text: item.str, x: item.transform[4] as number, width: item.width });
  }
  return runs;
}
