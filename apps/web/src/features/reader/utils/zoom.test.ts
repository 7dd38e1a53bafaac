import { describe, expect, it } from 'vitest';

import { fitPages } from './fit-pages';
import { clampPan, MAX_ZOOM, settleView, UNZOOMED, zoomAround, zoomByStep } from './zoom';

const stage = { width: 1000, height: 800 };
const content = { width: 800, height: 1200 };

describe('zoom', () => {
  it('keeps the point under the pointer in place', () => {
    const view = zoomAround(UNZOOMED, 2, { x: 100, y: -50 }, content, stage);
    expect(view).toEqual({ zoom: 2, pan: { x: -100, y: 50 } });
    // The content point that was at the focus (100, -50) is still there: pan + zoom * point.
    expect(view.pan.x + 2 * 100).toBe(100);
  });

  it('never pans the content past its edges, and centres it again at zoom 1', () => {
    // At zoom 2 the content is 1600 x 2400 on a 1000 x 800 stage: 300 px of slack each side, 800 up and down.
    expect(clampPan({ x: 900, y: -900 }, content, stage, 2)).toEqual({ x: 300, y: -800 });
    // A page narrower than the stage even zoomed stays centred across.
    expect(clampPan({ x: 200, y: 10 }, { width: 400, height: 1200 }, stage, 2)).toEqual({ x: 0, y: 10 });
    expect(settleView({ zoom: 0.5, pan: { x: 30, y: 30 } }, content, stage)).toEqual(UNZOOMED);
  });

  it('steps by keys around the centre, within 1 and the maximum', () => {
    expect(zoomByStep({ zoom: 2, pan: { x: 10, y: -20 } }, 1.5)).toEqual({ zoom: 3, pan: { x: 15, y: -30 } });
    expect(zoomByStep({ zoom: 1.2, pan: { x: 10, y: 0 } }, 0.5)).toEqual(UNZOOMED);
    expect(zoomByStep({ zoom: MAX_ZOOM, pan: { x: 0, y: 0 } }, 2).zoom).toBe(MAX_ZOOM);
  });
});

describe('fitPages', () => {
  const portrait = { width: 1000, height: 1500 };

  it('fit height fills the height unless the page would be wider than the stage', () => {
    const [box] = fitPages([portrait], stage, 'height');
    expect(box!.height).toBe(800);
    expect(box!.width).toBeCloseTo(533.33, 2);
    expect(fitPages([portrait], { width: 300, height: 800 }, 'height')).toEqual([{ width: 300, height: 450 }]);
  });

  it('fit width fills the width (the page may scroll); a spread shares the width and one height', () => {
    expect(fitPages([portrait], stage, 'width')).toEqual([{ width: 1000, height: 1500 }]);
    expect(fitPages([portrait, portrait], stage, 'width')).toEqual([
      { width: 500, height: 750 },
      { width: 500, height: 750 },
    ]);
  });

  it('original is the page at its own size', () => {
    expect(fitPages([portrait], stage, 'original')).toEqual([{ width: 1000, height: 1500 }]);
  });
});
