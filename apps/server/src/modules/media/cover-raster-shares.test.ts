// Fair shares of the cover-drawing slot through the app: one IP asking for many JPEG covers nobody
// has drawn yet is refused past its share with 503 and Retry-After, while a link previewer
// elsewhere asking at the same moment is served.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let volumeIds: number[];
beforeAll(async () => {
  t = await buildTestApp();
  const page = await t.app.inject({ method: 'GET', url: '/api/comics?page=1&limit=12' });
  volumeIds = page.json<Array<{ id: number }>>().map((volume) => volume.id);
});

const FLOODER = '203.0.113.9';
const PREVIEWER = '198.51.100.30';

describe('cover JPEGs shared fairly', () => {
  it('refuse a flooding IP past its share with 503 and Retry-After, and serve another IP meanwhile', async () => {
    expect(volumeIds).toHaveLength(12);
    // Ten covers at once: one drawn, four waiting (the IP's share), five refused.
    const flood = volumeIds
      .slice(0, 10)
      .map((id) => t.app.inject({ method: 'GET', url: `/media/covers/volumes/${id}.jpg`, remoteAddress: FLOODER }));
    const previewer = t.app.inject({
      method: 'GET',
      url: `/media/covers/volumes/${volumeIds[10]}.jpg`,
      remoteAddress: PREVIEWER,
    });
    const [answers, preview] = await Promise.all([Promise.all(flood), previewer]);

    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    const refused = answers.filter((res) => res.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.filter((res) => res.statusCode === 200).length).toBeGreaterThanOrEqual(5);
    for (const res of answers) expect([200, 503]).toContain(res.statusCode);
    for (const res of refused) {
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        code: 'busy',
        error: 'Too many covers are being drawn; try again in a few seconds.',
      });
    }
  });
});
