import { describe, expect, it } from 'vitest';
import {
  generatedPlan,
  generatedVersion,
  issueShape,
  pageLayout,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  renderPageSvg,
  SPREAD_WIDTH,
} from './generated-pages';
import { VERSION_PATTERN } from './page-keys';

const issue = { id: 1068, issueNumber: 3, name: 'Rock & <Roll>', volumeName: 'Night Patrol' };
const ISSUE_IDS = Array.from({ length: 200 }, (_, i) => 1000 + i * 7);

describe('generated pages', () => {
  it('number 16 to 24 per issue, with one double-page spread in the middle', () => {
    for (const id of ISSUE_IDS) {
      const plan = generatedPlan({ ...issue, id });
      expect(plan.pageCount).toBeGreaterThanOrEqual(16);
      expect(plan.pageCount).toBeLessThanOrEqual(24);
      expect(plan.pages.map((page) => page.number)).toEqual(Array.from({ length: plan.pageCount }, (_, i) => i + 1));
      const spreads = plan.pages.filter((page) => page.width === SPREAD_WIDTH);
      expect(spreads).toHaveLength(1);
      expect(spreads[0]!.number).toBe(issueShape(id).spread);
      expect(spreads[0]!.number).toBeGreaterThan(3);
      expect(spreads[0]!.number).toBeLessThan(plan.pageCount);
      for (const page of plan.pages) expect(page.height).toBe(PAGE_HEIGHT);
    }
  });

  it('are stored at the widths an upload of their size would be', () => {
    const widths = new Map(generatedPlan(issue).pages.map((page) => [page.width, page.widths]));
    expect(Object.fromEntries(widths)).toEqual({
      [PAGE_WIDTH]: [320, 640, 1280],
      [SPREAD_WIDTH]: [320, 640, 1280, 1920],
    });
  });

  it('are the same every time: layout, placeholders and drawings', () => {
    expect(generatedPlan(issue)).toEqual(generatedPlan({ ...issue }));
    expect(pageLayout(issue.id, 5)).toEqual(pageLayout(issue.id, 5));
    expect(renderPageSvg(issue, 5)).toBe(renderPageSvg({ ...issue }, 5));
    // Different pages and different issues are laid out differently.
    const layouts = new Set(ISSUE_IDS.slice(0, 20).map((id) => JSON.stringify(pageLayout(id, 5).panels)));
    expect(layouts.size).toBeGreaterThan(15);
  });

  it('lay out 3 to 6 panels inside the page, none overlapping', () => {
    for (const id of ISSUE_IDS.slice(0, 40)) {
      for (let number = 2; number <= issueShape(id).pageCount; number++) {
        const { panels, width, height } = pageLayout(id, number);
        expect(panels.length).toBeGreaterThanOrEqual(3);
        expect(panels.length).toBeLessThanOrEqual(6);
        for (const [i, a] of panels.entries()) {
          expect(a.x).toBeGreaterThan(0);
          expect(a.y).toBeGreaterThan(0);
          expect(a.x + a.w).toBeLessThan(width);
          expect(a.y + a.h).toBeLessThan(height);
          for (const b of panels.slice(i + 1)) {
            const apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
            expect(apart, `${id} page ${number}`).toBe(true);
          }
        }
      }
    }
  });

  it('have tiny SVG placeholders in the page’s shape', () => {
    for (const page of generatedPlan(issue).pages) {
      expect(page.placeholder).toMatch(/^data:image\/svg\+xml,/);
      expect(page.placeholder.length).toBeLessThan(800);
      const svg = decodeURIComponent(page.placeholder.slice('data:image/svg+xml,'.length));
      expect(svg).toContain(`viewBox='0 0 ${page.width / 40} ${page.height / 40}'`);
    }
  });

  it('draw the title on the first page and a caption on the others, with the page number, escaped', () => {
    const first = renderPageSvg(issue, 1);
    // The title's words, wrapped over lines as on the covers.
    for (const word of ['NIGHT', 'PATROL', '#3']) expect(first).toContain(`>${word}</tspan>`);
    expect(first).toContain('ROCK &amp; &lt;ROLL&gt;');
    expect(first).not.toContain('<Roll>');
    const seventh = renderPageSvg(issue, 7);
    expect(seventh).toContain('NIGHT PATROL #3');
    expect(seventh).toMatch(/>7<\/text>/);
    expect(seventh.match(/<clipPath /g)?.length).toBe(pageLayout(issue.id, 7).panels.length);
  });

  it('get a new version when anything they draw changes', () => {
    const version = generatedVersion(issue);
    expect(version).toMatch(VERSION_PATTERN);
    expect(version).toMatch(/^g/);
    expect(generatedVersion({ ...issue })).toBe(version);
    const others = [
      { ...issue, name: 'Renamed' },
      { ...issue, name: null },
      { ...issue, volumeName: 'Day Patrol' },
      { ...issue, issueNumber: 4 },
      { ...issue, id: 1069 },
    ].map(generatedVersion);
    expect(new Set([version, ...others]).size).toBe(6);
  });
});
