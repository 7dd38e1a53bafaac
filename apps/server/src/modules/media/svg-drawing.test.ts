// SVGs are drawn in a helper process: the image comes back at the width and in the format asked,
// a drawing the helper could not finish fails instead of hanging, and the next one gets a new helper.
import { readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawSvg, type Encoding } from './svg-drawing';

const svg = (text: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 600" width="400" height="600"><rect width="400" height="600" fill="#c33"/><text x="20" y="300" font-size="48">${text}</text></svg>`;
const webp: Encoding = { format: 'webp', options: { quality: 80, effort: 2 } };

/** Pids of this process's helpers that draw SVGs (Linux: children of every thread, by command line). */
function drawingHelpers(): number[] {
  return readdirSync('/proc/self/task')
    .flatMap((task) => readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('svg-drawing-process');
      } catch {
        return false;
      }
    });
}

describe('drawing an SVG', () => {
  it('answers a WebP or a JPEG of the width asked', async () => {
    const page = await drawSvg({ svg: svg('WebP'), svgWidth: 400, width: 320, encoding: webp });
    expect(await sharp(page.bytes).metadata()).toMatchObject({ format: 'webp', width: 320, height: 480 });
    expect(page).toMatchObject({ width: 320, height: 480 });
    const jpeg = await drawSvg({
      svg: svg('JPEG'),
      svgWidth: 400,
      width: 800,
      encoding: { format: 'jpeg', options: { quality: 82 }, background: '#ffffff' },
    });
    expect(await sharp(jpeg.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 1200 });
  });

  it('fails a drawing whose helper died, and draws the next one in a new helper', async () => {
    const under = drawSvg({ svg: svg('big'), svgWidth: 400, width: 4000, encoding: webp });
    // The newest: one let go when idle may still be ending.
    const helper = Math.max(...drawingHelpers());
    expect(helper).toBeGreaterThan(0);
    process.kill(helper, 'SIGKILL');
    await expect(under).rejects.toThrow(/drawing process ended/);
    const next = await drawSvg({ svg: svg('again'), svgWidth: 400, width: 200, encoding: webp });
    expect(next.width).toBe(200);
    expect(drawingHelpers()).not.toContain(helper);
  });
});
