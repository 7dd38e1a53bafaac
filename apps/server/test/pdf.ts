// PDFs for tests, written by hand (no PDF writer is a dependency): each page a rectangle filled
// with one colour, and a line of text in a standard font when asked, so a test can tell the pages
// apart by their pixels. Also the PDFs an uploader could send that must be refused: encrypted
// with a password, with no pages, or damaged.

export interface PdfPage {
  /** In points (1/72 in). */
  width: number;
  height: number;
  /** The fill, each of red, green and blue from 0 to 255. */
  colour: readonly [number, number, number];
  /** Drawn in black Helvetica, a standard font the PDF does not embed. */
  text?: string;
}

export interface PdfOptions {
  /**
   * An /Encrypt dictionary whose password is neither empty nor known (its /O and /U match no
   * password), as a PDF that asks for a password to open; the content is left plain, since
   * nothing should ever read it.
   */
  encrypted?: boolean;
}

const channel = (value: number) => (value / 255).toFixed(3);

function pageContent(page: PdfPage): string {
  const [red, green, blue] = page.colour.map(channel);
  const fill = `${red} ${green} ${blue} rg 0 0 ${page.width} ${page.height} re f`;
  if (page.text === undefined) return fill;
  const escaped = page.text.replace(/[\\()]/g, (character) => `\\${character}`);
  return `${fill}\n0 g BT /F1 ${Math.round(page.width / 12)} Tf 20 20 Td (${escaped}) Tj ET`;
}

/** A PDF 1.4 of `pages`, in that order, with a correct cross-reference table. */
export function makePdf(pages: readonly PdfPage[], options: PdfOptions = {}): Buffer {
  // Objects 1 (catalog), 2 (page tree), 3 (font), then a page and its content for each page.
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 4 + index * 2);
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  pages.forEach((page, index) => {
    const contentId = pageIds[index]! + 1;
    const content = pageContent(page);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] ` +
        `/Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`,
    );
    objects.push(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
  });
  let trailerExtra = '';
  if (options.encrypted) {
    const noPassword = `<${'5a'.repeat(32)}>`;
    objects.push(`<< /Filter /Standard /V 1 /R 2 /O ${noPassword} /U ${noPassword} /P -4 >>`);
    const id = `<${'0123456789abcdef'.repeat(2)}>`;
    trailerExtra = ` /Encrypt ${objects.length} 0 R /ID [${id} ${id}]`;
  }

  // A binary comment on the second line, as PDF writers do, so the file reads as binary.
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${trailerExtra} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
