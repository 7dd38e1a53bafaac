// Generated covers must be well-formed, escaped and the same for the same id.
import { describe, expect, it } from 'vitest';
import { issueCoverPath, layoutTitle, renderCoverSvg, volumeCoverPath } from './cover-art';

/** A small XML well-formedness check: balanced tags, quoted attributes, only known entities. */
function assertWellFormedXml(xml: string): void {
  const stack: string[] = [];
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = token.exec(xml))) {
    consumed = token.lastIndex;
    const [, closing, name, attributes, selfClosing, text, strayLt] = match;
    if (strayLt) throw new Error(`stray '<' at ${match.index}`);
    for (const chunk of [text ?? '', attributes ?? '']) {
      const badAmp = chunk.match(/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i);
      if (badAmp) throw new Error(`unescaped '&' near ${chunk.slice(0, 40)}`);
      if (chunk === text && chunk.includes('>') === false && /[<]/.test(chunk)) throw new Error('raw < in text');
    }
    if (name === undefined) continue;
    if (closing) {
      if (stack.pop() !== name) throw new Error(`mismatched </${name}>`);
    } else if (!selfClosing) {
      stack.push(name);
    }
  }
  if (consumed !== xml.length) throw new Error(`unparsable markup at ${consumed}`);
  if (stack.length) throw new Error(`unclosed <${stack.join('>, <')}>`);
}

describe('renderCoverSvg', () => {
  it('escapes markup in every text', () => {
    const svg = renderCoverSvg({ id: 4, title: 'Ember <script>&"\' Ash', subtitle: '#<1>', publisher: 'Q&A <Press>' });
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;SCRIPT&gt;&amp;&quot;&apos;');
    expect(svg).toContain('Q&amp;A &lt;PRESS&gt;');
    expect(() => assertWellFormedXml(svg)).not.toThrow();
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 600"')).toBe(true);
  });

  it('is deterministic per id and varies between ids', () => {
    const input = { id: 773, title: 'The Crimson Vanguard', publisher: 'Aurora Comics' };
    expect(renderCoverSvg(input)).toBe(renderCoverSvg(input));
    expect(renderCoverSvg({ ...input, id: 774 })).not.toBe(renderCoverSvg(input));
  });

  it('stays small, self-contained and well-formed for awkward titles', () => {
    const titles = [
      'Légion Étrange',
      "Captain Orla's Last Voyage",
      '',
      'x'.repeat(300),
      'A\u0001B \uD800 C',
      'Ça & Là: Ünïcödé',
    ];
    for (const [i, title] of titles.entries()) {
      const svg = renderCoverSvg({ id: i, title, subtitle: `#${i * 137}`, publisher: 'Éditions Lumière' });
      expect(() => assertWellFormedXml(svg)).not.toThrow();
      expect(svg.length).toBeLessThan(4096);
      expect(svg).not.toMatch(/href|@import|url\((?!#)/);
      // eslint-disable-next-line no-control-regex -- asserting control characters are gone
      expect(svg).not.toMatch(/[\u0000-\u0008]/);
    }
  });

  it('wraps titles on at most four lines', () => {
    expect(layoutTitle('THE CRIMSON VANGUARD').lines.length).toBeGreaterThan(1);
    expect(
      layoutTitle('A VERY LONG TITLE THAT GOES ON AND ON WITHOUT STOPPING UNTIL THE END').lines.length,
    ).toBeLessThanOrEqual(4);
    expect(layoutTitle('IO')).toEqual({ lines: ['IO'], fontSize: 84 });
  });
});

describe('cover paths', () => {
  it('name the media route of volumes and issues', () => {
    expect(volumeCoverPath(773)).toBe('/media/covers/volumes/773.svg');
    expect(issueCoverPath(12)).toBe('/media/covers/issues/12.svg');
  });
});
