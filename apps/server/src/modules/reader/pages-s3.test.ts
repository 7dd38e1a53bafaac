// Pages kept in an S3-compatible bucket (S3_* settings), as several instances share them: an
// admin's CBZ becomes renditions in the bucket, generated demo pages are drawn into it once, and
// /media/pages serves both from there, with the same access rules as on disk. The bucket is a
// real S3-compatible server (s3rver) on a free local port.
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { pageAddress } from '@comics/shared/page-address';
import type { IssuePagesAnswer, ReadingAccess } from '@comics/shared/schemas/reader';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveForm, makeZip, pageImage } from '../../../test/cbz';
import { buildTestApp, seededIssues, signedInUser, type TestApp } from '../../../test/helpers';
import { startTestS3Server, type TestS3Server } from '../../../test/s3-server';
import { pageKey } from './page-keys';

let s3: TestS3Server;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let issueIds: number[];

beforeAll(async () => {
  s3 = await startTestS3Server();
  t = await buildTestApp(s3.environment);
  admin = await signedInUser(t, 'ADMIN');
  issueIds = (await seededIssues(t.database, 2)).map((issue) => issue.id);
});
afterAll(() => s3.close());

async function listing(issueId: number): Promise<IssuePagesAnswer> {
  const res = await t.app.inject({ method: 'GET', url: `/api/issues/${issueId}/pages` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<IssuePagesAnswer>();
}

async function bucketKeys(prefix: string): Promise<string[]> {
  const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

async function bucketObject(key: string): Promise<Buffer> {
  const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.settings.bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

describe('pages in an S3-compatible bucket', () => {
  it('stores an uploaded CBZ in the bucket and serves its pages from there, the preview to anybody', async () => {
    const issueId = issueIds[0]!;
    const pages = await Promise.all([1, 2, 3, 4].map((n) => pageImage(500 + n, 750)));
    const form = archiveForm(await makeZip(pages.map((data, i) => ({ name: `p${i + 1}.png`, data }))));
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/admin/issues/${issueId}/pages`,
      payload: form.payload,
      headers: { ...form.headers, ...admin.headers },
    });
    expect(upload.statusCode, upload.body).toBe(200);

    const answer = await listing(issueId);
    expect(answer).toMatchObject({ source: 'uploaded', pageCount: 4 });
    const version = answer.pagesBase.split('/').pop()!;
    // Every rendition in the bucket: 320 and 500-odd px wide for each page.
    const expected = answer.pages.flatMap((page) =>
      page.widths.map((width) => pageKey(issueId, version, page.number, width)),
    );
    expect(await bucketKeys(`pages/${issueId}/`)).toEqual(expected.sort());

    const first = await t.app.inject({ method: 'GET', url: pageAddress(answer.pagesBase, 1, 501) });
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.equals(await bucketObject(pageKey(issueId, version, 1, 501)))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: pageAddress(answer.pagesBase, 4, 504) })).statusCode).toBe(403);

    const access = (await admin.call('GET', `/api/user/reading/${issueId}`)).json<ReadingAccess>();
    const fourth = await t.app.inject({
      method: 'GET',
      url: `${pageAddress(answer.pagesBase, 4, 504)}?t=${encodeURIComponent(access.token!)}`,
    });
    expect(fourth.statusCode).toBe(200);
    expect(fourth.rawPayload.equals(await bucketObject(pageKey(issueId, version, 4, 504)))).toBe(true);
  });

  it('draws a generated page into the bucket once, then serves it from there', async () => {
    const issueId = issueIds[1]!;
    const answer = await listing(issueId);
    expect(answer.source).toBe('generated');
    const version = answer.pagesBase.split('/').pop()!;
    expect(await bucketKeys(`pages/${issueId}/`)).toEqual([]);

    const drawn = await t.app.inject({ method: 'GET', url: pageAddress(answer.pagesBase, 2, 640) });
    expect(drawn.statusCode).toBe(200);
    expect(await bucketKeys(`pages/${issueId}/`)).toEqual([pageKey(issueId, version, 2, 640)]);
    const again = await t.app.inject({ method: 'GET', url: pageAddress(answer.pagesBase, 2, 640) });
    expect(again.rawPayload.equals(drawn.rawPayload)).toBe(true);
    expect(again.rawPayload.equals(await bucketObject(pageKey(issueId, version, 2, 640)))).toBe(true);
  });
});
