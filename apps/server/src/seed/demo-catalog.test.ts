// The demo catalogue must be the same on every install and safe to render as is.
import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from '../modules/catalog/sanitize';
import { generateCatalog, PRICE_POINTS_CENTS, PROMO_VOLUME_IDS } from './demo-catalog';

describe('generateCatalogue', () => {
  const demo = generateCatalog();

  it('is deterministic', () => {
    expect(generateCatalog()).toEqual(demo);
    expect(generateCatalog({ seed: 7 })).not.toEqual(demo);
  });

  it('has the demo sizes, the promo volumes and enough publishers', () => {
    expect(demo.volumes).toHaveLength(150);
    expect(demo.issues).toHaveLength(3000);
    expect(demo.publishers.length).toBeGreaterThanOrEqual(12);
    const ids = new Set(demo.volumes.map((v) => v.id));
    for (const id of PROMO_VOLUME_IDS) expect(ids.has(id)).toBe(true);
    expect(ids.size).toBe(150);
    for (const id of ids) expect(id).toBeGreaterThanOrEqual(1);
    for (const id of ids) expect(id).toBeLessThanOrEqual(2000);
    expect(demo.issues.map((i) => i.id)).toEqual(Array.from({ length: 3000 }, (_, i) => i + 1));
  });

  it('gives every volume a unique name, a real publisher and issues numbered from 1', () => {
    expect(new Set(demo.volumes.map((v) => v.name)).size).toBe(demo.volumes.length);
    expect(new Set(demo.publishers.map((p) => p.name)).size).toBe(demo.publishers.length);
    const publisherIds = new Set(demo.publishers.map((p) => p.id));
    const numbers = new Map<number, number[]>();
    for (const issue of demo.issues)
      numbers.set(issue.volumeId, [...(numbers.get(issue.volumeId) ?? []), issue.issueNumber]);
    for (const volume of demo.volumes) {
      expect(publisherIds.has(volume.publisherId)).toBe(true);
      expect(volume.startYear).toBeGreaterThanOrEqual(1938);
      expect(volume.startYear).toBeLessThanOrEqual(2022);
      const issueNumbers = numbers.get(volume.id) ?? [];
      expect(issueNumbers.length).toBeGreaterThanOrEqual(1);
      expect(issueNumbers).toEqual(issueNumbers.map((_, i) => i + 1));
    }
  });

  it('prices every issue at a known price point between $0.99 and $9.99', () => {
    const prices = new Set(demo.issues.map((i) => i.priceCents));
    for (const price of prices) {
      expect(PRICE_POINTS_CENTS).toContain(price);
      expect(price).toBeGreaterThanOrEqual(99);
      expect(price).toBeLessThanOrEqual(999);
    }
  });

  it('stores only sanitised descriptions, with inert links and no hostile markup', () => {
    const descriptions = [...demo.volumes, ...demo.issues].map((x) => x.description).filter((d) => d !== null);
    const distinct = [...new Set(descriptions)];
    expect(distinct.filter((d) => /<script|href|onclick|onerror|javascript:|<iframe|<img|style=/i.test(d))).toEqual([]);
    // Already clean: sanitising again changes nothing.
    expect(distinct.filter((d) => sanitizeDescription(d) !== d)).toEqual([]);
    expect(demo.volumes.every((v) => v.description !== null)).toBe(true);
    expect(demo.volumes.some((v) => v.description?.includes('<span class="inert-link">'))).toBe(true);
    // The hostile samples survive as their harmless text.
    expect(demo.volumes.some((v) => /Join the debate|see how|Write in|bonus story/.test(v.description ?? ''))).toBe(
      true,
    );
  });

  it('leaves about one issue description in six empty, for the UI fallback', () => {
    const empty = demo.issues.filter((i) => i.description === null).length / demo.issues.length;
    expect(empty).toBeGreaterThan(0.1);
    expect(empty).toBeLessThan(0.25);
  });

  it('points images at the generated covers', () => {
    expect(demo.volumes.find((v) => v.id === 773)?.image).toBe('/media/covers/volumes/773.svg');
    expect(demo.issues[0]?.image).toBe('/media/covers/issues/1.svg');
  });

  it('uses ids 1..N and still unique names for large catalogues', () => {
    const big = generateCatalog({ volumes: 10_000, issues: 100_000 });
    expect(big.volumes.map((v) => v.id)).toEqual(Array.from({ length: 10_000 }, (_, i) => i + 1));
    expect(big.issues).toHaveLength(100_000);
    expect(new Set(big.volumes.map((v) => v.name)).size).toBe(10_000);
    expect(big.volumes.find((v) => v.id === 1174)?.name).toBe('Nightfall Syndicate');
  });

  it('rejects sizes it cannot honour', () => {
    expect(() => generateCatalog({ volumes: 0 })).toThrow(RangeError);
    expect(() => generateCatalog({ volumes: 10, issues: 9 })).toThrow(RangeError);
    expect(generateCatalog({ volumes: 2, issues: 2 }).volumes.map((v) => v.id)).toEqual([773, 1174]);
  });
});
