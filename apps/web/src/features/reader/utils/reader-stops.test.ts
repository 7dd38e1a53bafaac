import { describe, expect, it } from 'vitest';

import {
  buildStops,
  pagesOnScreen,
  pairSpreads,
  positionOfStop,
  stepPosition,
  stopIndexOf,
  type PageShape,
} from './reader-stops';

const tall = (number: number): PageShape => ({ number, width: 1000, height: 1500 });
const wide = (number: number): PageShape => ({ number, width: 2000, height: 1500 });
const pages = (...shapes: ((n: number) => PageShape)[]) => shapes.map((shape, index) => shape(index + 1));

describe('pairSpreads', () => {
  it('shows the cover alone, then the pages in twos', () => {
    expect(pairSpreads(pages(tall, tall, tall, tall, tall))).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('leaves an odd last page alone', () => {
    expect(pairSpreads(pages(tall, tall, tall, tall))).toEqual([[1], [2, 3], [4]]);
  });

  it('shows a page wider than tall alone, and the page before it too when it has no partner', () => {
    expect(pairSpreads(pages(tall, tall, tall, wide, tall, tall))).toEqual([[1], [2, 3], [4], [5, 6]]);
    expect(pairSpreads(pages(tall, tall, wide, tall, tall, tall))).toEqual([[1], [2], [3], [4, 5], [6]]);
  });

  it('keeps a wide cover alone and pairs what follows', () => {
    expect(pairSpreads(pages(wide, tall, tall))).toEqual([[1], [2, 3]]);
  });

  it('has nothing to pair in an empty issue or a one-page issue', () => {
    expect(pairSpreads([])).toEqual([]);
    expect(pairSpreads(pages(tall))).toEqual([[1]]);
  });

  it('counts a square page as tall (it shares the spread)', () => {
    const square = (number: number): PageShape => ({ number, width: 1200, height: 1200 });
    expect(pairSpreads(pages(tall, square, tall))).toEqual([[1], [2, 3]]);
  });
});

describe('pagesOnScreen', () => {
  it('keeps reading order left to right, and swaps a pair for a right-to-left book', () => {
    expect(pagesOnScreen([2, 3], 'ltr')).toEqual([2, 3]);
    expect(pagesOnScreen([2, 3], 'rtl')).toEqual([3, 2]);
    expect(pagesOnScreen([1], 'rtl')).toEqual([1]);
  });
});

describe('stops and positions', () => {
  const five = pages(tall, tall, tall, tall, tall);

  it('has one stop a page in single and vertical modes, a stop a spread in spread mode, then the end', () => {
    expect(buildStops(five, 'single')).toHaveLength(6);
    expect(buildStops(five, 'webtoon')).toHaveLength(6);
    expect(buildStops(five, 'spread')).toEqual([
      { kind: 'pages', pages: [1] },
      { kind: 'pages', pages: [2, 3] },
      { kind: 'pages', pages: [4, 5] },
      { kind: 'end' },
    ]);
  });

  it('finds the stop of any page of a spread, and the end panel past the last page', () => {
    const stops = buildStops(five, 'spread');
    expect(stopIndexOf(stops, 3)).toBe(1);
    expect(stopIndexOf(stops, 5)).toBe(2);
    expect(stopIndexOf(stops, 6)).toBe(3);
    expect(positionOfStop(stops, 3)).toBe(6);
  });

  it('steps by stops, from the first page of the next spread, and stops at both ends', () => {
    const stops = buildStops(five, 'spread');
    expect(stepPosition(stops, 1, 1)).toBe(2);
    expect(stepPosition(stops, 3, 1)).toBe(4);
    expect(stepPosition(stops, 5, 1)).toBe(6);
    expect(stepPosition(stops, 6, 1)).toBe(6);
    expect(stepPosition(stops, 5, -1)).toBe(2);
    expect(stepPosition(stops, 1, -1)).toBe(1);
  });

  it('ends a preview after its readable pages: page 4 of a 3-page preview is the end panel', () => {
    const stops = buildStops(five.slice(0, 3), 'single');
    expect(stepPosition(stops, 3, 1)).toBe(4);
    expect(stops[stopIndexOf(stops, 4)]).toEqual({ kind: 'end' });
  });
});
