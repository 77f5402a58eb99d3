import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { LOGO_MAX_BYTES, type LogoContentType } from '@/contracts/reports.ts';
import { AppError } from '../../errors.ts';

/** A logo is drawn at most ~2 in wide; anything beyond 4,000 px a side is not a logo (and would cost memory to decode). */
const MAX_SIDE_PX = 4000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function invalid(message: string): AppError {
  return new AppError('bad_request', message, { issues: [{ path: 'dataBase64', message }] });
}

/** Width and height from the header, read before decoding so a huge image is refused cheaply. */
function readDeclaredSize(data: Buffer, contentType: LogoContentType): { width: number; height: number } | null {
  if (contentType === 'image/png') {
    if (data.length < 24 || !data.subarray(0, 8).equals(PNG_SIGNATURE) || data.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  }
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  // Walk the JPEG segments to the first start-of-frame marker.
  let offset = 2;
  while (offset + 9 < data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1] as number;
    const length = data.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

/**
 * Proves the upload is the image it claims to be by DECODING it completely: pngjs for PNG
 * (CRC-checked chunks, full inflate), jpeg-js for JPEG (baseline and progressive, full decode).
 * A file that only looks like an image by its first bytes is refused.
 */
export function validateLogo(data: Buffer, contentType: LogoContentType): { width: number; height: number } {
  if (data.length === 0) throw invalid('Choose an image file');
  if (data.length > LOGO_MAX_BYTES) throw invalid('The logo must be 500 KB or smaller');
  const declared = readDeclaredSize(data, contentType);
  if (!declared) throw invalid(`The file is not a valid ${contentType === 'image/png' ? 'PNG' : 'JPEG'} image`);
  if (declared.width < 1 || declared.height < 1 || declared.width > MAX_SIDE_PX || declared.height > MAX_SIDE_PX) {
    throw invalid(`The logo must be at most ${MAX_SIDE_PX} × ${MAX_SIDE_PX} pixels`);
  }
  try {
    if (contentType === 'image/png') {
      const png = PNG.sync.read(data);
      return { width: png.width, height: png.height };
    }
    const image = jpeg.decode(data, { useTArray: true, maxResolutionInMP: 16, maxMemoryUsageInMB: 128, tolerantDecoding: false });
    return { width: image.width, height: image.height };
  } catch {
    throw invalid(`The file is not a valid ${contentType === 'image/png' ? 'PNG' : 'JPEG'} image`);
  }
}
