// Preloaded into the server by memory.mjs only (`node --import`), never by the shop itself: on
// SIGUSR2 it writes the process's own view of its memory (V8 heap, external and array buffers,
// the size of every WebAssembly memory, PGlite's among them) to MEMORY_PROBE_FILE, so the bench
// can break RSS down without a debug route in the server.
import { renameSync, writeFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

const target = process.env.MEMORY_PROBE_FILE;
const wasmMemories = [];

// Every WebAssembly.Memory made from here on is remembered (weakly): Emscripten modules such as
// PGlite's make theirs with this constructor and hand it to the instance.
WebAssembly.Memory = new Proxy(WebAssembly.Memory, {
  construct(Memory, args) {
    const memory = Reflect.construct(Memory, args);
    wasmMemories.push(new WeakRef(memory));
    return memory;
  },
});

if (target) {
  process.on('SIGUSR2', () => {
    const usage = process.memoryUsage();
    const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size]));
    const wasm = wasmMemories.map((ref) => ref.deref()?.buffer.byteLength).filter((size) => size !== undefined);
    // Renamed into place, so the bench never reads a half-written file.
    writeFileSync(`${target}.part`, JSON.stringify({ usage, spaces, wasm }));
    renameSync(`${target}.part`, target);
  });
}
