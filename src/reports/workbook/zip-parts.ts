import { unzipSync, zipSync, type Zippable } from 'fflate';

/**
 * The two zip operations the workbook needs, through fflate: read the parts exceljs wrote, and
 * write them back compressed once. exceljs compresses through JSZip, which took about half of a
 * workbook's render time; fflate at level 1 is several times faster (ADR 222).
 */
export interface ZipPart {
  readonly name: string;
  readonly data: Buffer;
}

/** Every part of a zip archive, in archive order. */
export function readZipParts(zip: Buffer): ZipPart[] {
  return Object.entries(unzipSync(zip)).map(([name, data]) => ({ name, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) }));
}

/**
 * A zip archive of the parts, deflated at `level`; folders (names ending in "/") stay empty
 * entries. Every entry is dated 1980-01-01, so the same content gives the same file.
 */
export function writeZipParts(parts: readonly ZipPart[], level: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 = 6): Buffer {
  const entries: Zippable = {};
  for (const part of parts)
    entries[part.name] = [part.name.endsWith('/') ? new Uint8Array(0) : part.data, { level, mtime: new Date(1980, 0, 1) }];
  return Buffer.from(zipSync(entries));
}
