import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { PDFDocument, rgb } from 'pdf-lib';

const require = createRequire(import.meta.url);
const fontFile = (weight: string) =>
  require.resolve(`@expo-google-fonts/noto-sans-ethiopic/${weight}/NotoSansEthiopic_${weight}.ttf`);

/** Noto Sans Ethiopic covers Ethiopic and Latin; it is embedded (subset) in every PDF we make. */
let fontBytes: { regular: Uint8Array; bold: Uint8Array } | undefined;
function fonts() {
  fontBytes ??= { regular: readFileSync(fontFile('400Regular')), bold: readFileSync(fontFile('700Bold')) };
  return fontBytes;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const BLUE = rgb(0.07, 0.25, 0.55);
const GREY = rgb(0.35, 0.35, 0.35);

/** A top-to-bottom writer with wrapping and page breaks; enough for prints and the manual. */
export class PdfWriter {
  private doc!: PDFDocument;
  private regular!: PDFFont;
  private bold!: PDFFont;
  private page!: PDFPage;
  private y = 0;
  private readonly footer: string;

  private constructor(footer: string) {
    this.footer = footer;
  }

  static async create(title: string, footer: string): Promise<PdfWriter> {
    const w = new PdfWriter(footer);
    w.doc = await PDFDocument.create();
    w.doc.registerFontkit(fontkit);
    w.doc.setTitle(title);
    w.doc.setCreator('Housing Bureau customer portal');
    w.doc.setProducer('Housing Bureau customer portal');
    w.doc.setCreationDate(new Date());
    w.regular = await w.doc.embedFont(fonts().regular, { subset: true });
    w.bold = await w.doc.embedFont(fonts().bold, { subset: true });
    w.newPage();
    return w;
  }

  private newPage(): void {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  /** Characters the font lacks would make pdf-lib throw; they become '?'. */
  private clean(text: string, font: PDFFont): string {
    const set = new Set(font.getCharacterSet());
    return [...text.replace(/\r/g, '')].map((c) => (c === '\n' || set.has(c.codePointAt(0) ?? 0) ? c : '?')).join('');
  }

  /**
   * A word wider than the line (a 49-letter name without a space, a pasted value) cut into
   * pieces that fit, character by character (issue 23); any other word whole.
   */
  private pieces(word: string, font: PDFFont, size: number, width: number): string[] {
    if (font.widthOfTextAtSize(word, size) <= width) return [word];
    const out: string[] = [];
    let piece = '';
    for (const ch of word) {
      if (piece && font.widthOfTextAtSize(piece + ch, size) > width) {
        out.push(piece);
        piece = '';
      }
      piece += ch;
    }
    return piece ? [...out, piece] : out;
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of this.clean(text, font).split('\n')) {
      let line = '';
      for (const word of paragraph.split(/\s+/).flatMap((w) => this.pieces(w, font, size, width))) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
        else {
          lines.push(line);
          line = word;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  private write(
    text: string,
    options: { size: number; font?: PDFFont; color?: ReturnType<typeof rgb>; indent?: number; gap?: number },
  ): void {
    const font = options.font ?? this.regular;
    const indent = options.indent ?? 0;
    const lineHeight = options.size * 1.45;
    for (const line of this.wrap(text, font, options.size, A4[0] - 2 * MARGIN - indent)) {
      if (this.y - lineHeight < MARGIN + 20) this.newPage();
      this.y -= lineHeight;
      this.page.drawText(line, {
        x: MARGIN + indent,
        y: this.y,
        size: options.size,
        font,
        color: options.color ?? rgb(0, 0, 0),
      });
    }
    this.y -= options.gap ?? 0;
  }

  title(text: string): this {
    this.write(text, { size: 18, font: this.bold, color: BLUE, gap: 6 });
    return this;
  }

  heading(text: string): this {
    this.y -= 8;
    this.write(text, { size: 13, font: this.bold, color: BLUE, gap: 2 });
    return this;
  }

  paragraph(text: string): this {
    this.write(text, { size: 10.5, gap: 4 });
    return this;
  }

  /** A "label: value" row; the value wraps under itself. */
  field(label: string, value: string): this {
    this.write(label, { size: 9, font: this.bold, color: GREY });
    this.write(value || '-', { size: 10.5, indent: 12, gap: 3 });
    return this;
  }

  async save(): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    pages.forEach((p, i) => {
      const text = this.clean(`${this.footer} — ${i + 1} / ${pages.length}`, this.regular);
      p.drawText(text, { x: MARGIN, y: MARGIN - 20, size: 8, font: this.regular, color: GREY });
    });
    return this.doc.save();
  }
}
