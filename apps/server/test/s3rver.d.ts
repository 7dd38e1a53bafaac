// s3rver ships no types: the part of its API the tests use (a local S3-compatible server).
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  export interface S3rverOptions {
    address?: string;
    port?: number;
    /** Where buckets and objects are kept. */
    directory: string;
    silent?: boolean;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
