// Types of bundling.mjs, for the tests that bundle the server's processes (test/bundles.ts).
export declare function bundleServer(options: {
  entryPoints: Record<string, string>;
  outdir: string;
  sourcemap?: boolean;
}): Promise<unknown>;
