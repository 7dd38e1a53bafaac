// The uploads of `npm run bench:import` (bench/import.mjs), in a process of their own, as an
// administrator's browser is: sending the archives through tus takes a process's CPU, which must
// not come out of the load generator's that measures the shop meanwhile.
// Usage: node bench/import-upload.mjs '<JSON: { url, headers, files: [{ path, fileId }] }>'
import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import * as tus from 'tus-js-client';

const { url, headers, files } = JSON.parse(process.argv[2]);

function upload(file, fileId) {
  return new Promise((resolve, reject) => {
    new tus.Upload(createReadStream(file), {
      endpoint: `${url}/api/admin/imports/uploads`,
      uploadSize: statSync(file).size,
      chunkSize: 8 * 1024 * 1024,
      headers,
      metadata: { fileId: String(fileId), filename: path.basename(file) },
      retryDelays: [],
      onError: reject,
      onSuccess: resolve,
    }).start();
  });
}

for (const { path: file, fileId } of files) await upload(file, fileId);
