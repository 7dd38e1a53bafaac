// The helper process of svg-drawing.ts: draws each SVG the server sends as WebP or JPEG and
// answers the bytes (the server's work slots bound how many at once). It keeps nothing between
// drawings, and ends when the server lets it go or ends.
import sharp from 'sharp';
import type { DrawAnswer, DrawRequest, SvgDrawing } from './svg-drawing';

async function draw({ svg, svgWidth, width, encoding }: SvgDrawing) {
  // sharp reads SVGs at 72 dpi: drawn at the density that gives `width`, never scaled up.
  const drawn = sharp(Buffer.from(svg), { density: (72 * width) / svgWidth }).resize({ width });
  const encoded =
    encoding.format === 'webp'
      ? drawn.webp(encoding.options)
      : drawn.flatten({ background: encoding.background }).jpeg(encoding.options);
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

process.on('message', (request: DrawRequest) => {
  void draw(request).then(
    (image) => process.send?.({ id: request.id, ...image } satisfies DrawAnswer),
    (error: unknown) =>
      process.send?.({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies DrawAnswer),
  );
});
process.on('disconnect', () => process.exit(0));
