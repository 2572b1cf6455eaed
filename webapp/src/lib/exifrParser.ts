/**
 * exifr's core with just the plugins src/lib/exif.ts needs, which register themselves with the core
 * when imported: the chunked Blob reader, the JPEG and HEIF (HEIC, AVIF) file parsers and the TIFF
 * (EXIF, GPS) segment parser. No tag dictionaries, no XMP. Imported lazily, in a chunk of its own,
 * when a photo is first read.
 */
import 'exifr/src/file-readers/BlobReader.mjs';
import 'exifr/src/file-parsers/jpeg.mjs';
import 'exifr/src/file-parsers/heif.mjs';
import 'exifr/src/segment-parsers/tiff-exif.mjs';

export { parse } from 'exifr/src/core.mjs';
