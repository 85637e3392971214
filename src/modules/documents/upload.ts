/**
 * What an uploaded scan is, by its first bytes (never by its name or the browser's word): a PDF, a JPEG or a PNG, or
 * nothing this site keeps.
 */
export type ScanType = 'application/pdf' | 'image/jpeg' | 'image/png';

const starts = (bytes: Uint8Array, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);

export function scanTypeOf(bytes: Uint8Array): ScanType | undefined {
  if (starts(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (starts(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  return undefined;
}

export const EXTENSION: Record<ScanType, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };
