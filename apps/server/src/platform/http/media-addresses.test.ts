// Media addresses alone: a stored /media/… path becomes an address on MEDIA_BASE_URL (or stays as
// it is without one), and an address the shop gave maps back to its path; nothing else does.
import { newComicBody } from '@comics/shared/schemas/admin';
import { describe, expect, it } from 'vitest';
import { createMediaAddresses, SAME_ORIGIN_MEDIA } from './media-addresses';

const cover = '/media/covers/volumes/3.svg';

describe('media addresses', () => {
  it('keep stored paths as they are without MEDIA_BASE_URL', () => {
    expect(SAME_ORIGIN_MEDIA.addressOf(cover)).toBe(cover);
    expect(SAME_ORIGIN_MEDIA.pathOf(cover)).toBe(cover);
    expect(SAME_ORIGIN_MEDIA.pathOf('https://cdn.example/media/covers/volumes/3.svg')).toBeNull();
    expect(SAME_ORIGIN_MEDIA.origin).toBeNull();
  });

  it.each([
    ['https://cdn.example', 'https://cdn.example'],
    ['https://cdn.example/', 'https://cdn.example'],
    ['https://cdn.example/shop/', 'https://cdn.example/shop'],
    ['http://127.0.0.1:9000/a/b', 'http://127.0.0.1:9000/a/b'],
  ])('put stored paths on %s, and take its addresses back', (baseUrl, base) => {
    const media = createMediaAddresses(baseUrl);
    expect(media.addressOf(cover)).toBe(base + cover);
    expect(media.pathOf(base + cover)).toBe(cover);
    expect(media.pathOf(cover)).toBe(cover);
    expect(media.origin).toBe(new URL(baseUrl).origin);
  });

  it('leave what is not a media path alone, and map back no other address', () => {
    const media = createMediaAddresses('https://cdn.example/shop');
    expect(media.addressOf('https://elsewhere.example/a.png')).toBe('https://elsewhere.example/a.png');
    expect(media.addressOf('/mediax/a.png')).toBe('/mediax/a.png');
    for (const address of [
      'https://cdn.example/media/covers/volumes/3.svg', // not under the base's path
      'https://cdn.example/shopping/media/a.webp',
      'https://cdn.example.evil/shop/media/a.webp',
      'http://cdn.example/shop/media/a.webp',
      'https://evil.example/shop/media/a.webp',
      '/mediax/a.webp',
    ]) {
      expect(media.pathOf(address), address).toBeNull();
    }
  });

  it("match the form's rule: an absolute address under /media passes it, and the server judges the host", () => {
    const form = (imagen: string) =>
      newComicBody.safeParse({ name: 'A', imagen, episodes: 1, release: '2024-01-01', publisher: 'P' }).success;
    expect(form(cover)).toBe(true);
    expect(form('https://cdn.example/shop/media/uploads/a/1x1.webp')).toBe(true);
    expect(form('https://cdn.example/cover.png')).toBe(false);
    expect(form('https://cdn.example/media/../etc/passwd')).toBe(false);
    expect(form('javascript:alert(1)//media/x')).toBe(false);
  });
});
