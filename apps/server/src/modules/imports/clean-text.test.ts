// Cleaning and bounding imported text: where a cut falls, and what never survives it.
import { describe, expect, it } from 'vitest';
import { cleanLine, cleanList, cleanParagraphs, cutAtWord } from './clean-text';

describe('cutAtWord', () => {
  it('keeps text that fits', () => {
    expect(cutAtWord('Saga', 4)).toBe('Saga');
  });

  it('cuts after the last whole word that fits, with the ellipsis in the room', () => {
    expect(cutAtWord('The quick brown fox', 12)).toBe('The quick…');
    expect(cutAtWord('The quick, brown fox', 13)).toBe('The quick…');
    expect(cutAtWord('The quick brown fox', 10)).toBe('The quick…');
  });

  it('cuts inside a word that fills most of the room', () => {
    expect(cutAtWord('A Supercalifragilistic tale', 12)).toBe('A Supercali…');
  });

  it('never keeps half of a character outside the Basic Multilingual Plane', () => {
    expect(cutAtWord('💥💥💥💥💥', 4)).toBe('💥…');
  });
});

describe('cleanLine', () => {
  it('removes controls, overrides, byte order marks and lone surrogates, and collapses whitespace', () => {
    expect(cleanLine('\u00a0 Saga\u0000\u0085\u009b\u202e \ud800 \ufeffVol\u2028 2 ', 100)).toBe('Saga Vol 2');
  });

  it('composes characters (NFC), so the same name is the same string', () => {
    expect(cleanLine('Jose\u0301', 100)).toBe('José');
  });
});

describe('cleanParagraphs', () => {
  it('turns each line break into a paragraph break and drops blank lines', () => {
    expect(cleanParagraphs('One\r\ntwo\u2029\n \n\tthree  four', 100)).toBe('One\n\ntwo\n\nthree four');
  });
});

describe('cleanList', () => {
  it('drops empty items and repeats, case aside, keeping the first spelling, up to the count', () => {
    expect(cleanList('Horror, horror ,, Drama , DRAMA, Comedy', ',', 100, 2)).toEqual(['Horror', 'Drama']);
  });
});
