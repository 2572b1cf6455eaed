/**
 * Types for the part of exifr's modular build that src/lib/exifrParser.ts imports. exifr ships types
 * only for its prebuilt bundles (index.d.ts); its core (`exifr/src/core.mjs`), which the plugins
 * (file readers, file parsers, segment parsers) register themselves into, has none.
 */
declare module 'exifr/src/core.mjs' {
  /** Resolves to undefined when nothing was read; rejects for an unknown file format. */
  export function parse(input: ArrayBuffer | Uint8Array | Blob, options?: object): Promise<unknown>;
}
