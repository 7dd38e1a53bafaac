// One file field's upload (an image, an issue's pages): `start` checks the file, then sends it,
// reporting progress; a new file replaces (aborts) the one on its way, and leaving the page aborts
// it too. `onUploaded` hears of each file the server has taken (and may return a promise the
// upload waits for before it says it is done, e.g. the queries showing the result reloading).
import { useCallback, useEffect, useRef, useState } from 'react';

import { ApiError, errorMessage } from '@/lib/api-client';

export type UploadSender<T> = (input: {
  file: File;
  onProgress: (sent: number) => void;
  signal: AbortSignal;
}) => Promise<T>;

export type FileUploadState<T> =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; /** 0 to 1 */ progress: number }
  | { status: 'done'; answer: T }
  | { status: 'error'; message: string };

type FileUploadOptions<T> = {
  /** The quick checks before any byte is sent: the refusal's message, or null. */
  check: (file: File) => string | null;
  send: UploadSender<T>;
  onUploaded: (answer: T) => Promise<unknown> | void;
};

export function useFileUpload<T>({ check, send, onUploaded }: FileUploadOptions<T>) {
  const [state, setState] = useState<FileUploadState<T>>({ status: 'idle' });
  const inFlight = useRef<AbortController | null>(null);
  const latest = useRef({ check, send, onUploaded });
  useEffect(() => {
    latest.current = { check, send, onUploaded };
  }, [check, send, onUploaded]);
  useEffect(() => () => inFlight.current?.abort(), []);

  const start = useCallback((file: File) => {
    inFlight.current?.abort();
    inFlight.current = null;
    const refused = latest.current.check(file);
    if (refused) {
      setState({ status: 'error', message: refused });
      return;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    setState({ status: 'uploading', fileName: file.name, progress: 0 });
    latest.current
      .send({
        file,
        signal: controller.signal,
        onProgress: (progress) => {
          if (!controller.signal.aborted) setState({ status: 'uploading', fileName: file.name, progress });
        },
      })
      .then(async (answer) => {
        if (controller.signal.aborted) return;
        await latest.current.onUploaded(answer);
        if (controller.signal.aborted) return;
        inFlight.current = null;
        setState({ status: 'done', answer });
      })
      .catch((error: unknown) => {
        // Replaced by a newer file or unmounted: that one's outcome is the one to show.
        if (controller.signal.aborted) return;
        inFlight.current = null;
        const fileError = error instanceof ApiError ? error.fields?.file : undefined;
        setState({ status: 'error', message: fileError ?? errorMessage(error) });
      });
  }, []);

  return { state, start };
}
