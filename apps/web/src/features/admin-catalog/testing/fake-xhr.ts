// A stand-in for XMLHttpRequest in component tests of the image upload: it records each request
// (method, URL, headers, the multipart body) and lets the test drive it: upload progress, an
// answer, a network failure. Driving it updates React state, so calls go through act().
import { act } from '@testing-library/react';
import { vi } from 'vitest';

type ProgressListener = (event: Pick<ProgressEvent, 'lengthComputable' | 'loaded' | 'total'>) => void;

export class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ProgressListener | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor(private readonly sent: FakeXhr[]) {}

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }

  send(body: FormData) {
    this.body = body;
    this.sent.push(this);
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The browser reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }

  /** The server answers (JSON). */
  respond(status: number, body: unknown) {
    act(() => {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    });
  }

  failNetwork() {
    act(() => this.onerror?.());
  }
}

/** Replaces XMLHttpRequest for the test; answers the list the requests are recorded in. */
export function installFakeXhr(): FakeXhr[] {
  const sent: FakeXhr[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeXhr {
      constructor() {
        super(sent);
      }
    },
  );
  return sent;
}
