import { SUPPORT_PICTURE_MAX_BYTES, type SupportPictureType } from '@app/shared';
import { refuse } from '../../lib/errors.ts';

/**
 * The picture's type read from its first bytes (never from a name or a header the sender chose):
 * PNG's signature, JPEG's SOI marker, WebP's RIFF….WEBP. Anything else is refused.
 */
export function pictureTypeOf(bytes: Buffer): SupportPictureType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Decodes a picture sent as base64 and checks its size and type, or refuses it. */
export function checkedPicture(base64: string): { bytes: Buffer; mime: SupportPictureType } {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > SUPPORT_PICTURE_MAX_BYTES) throw refuse('support.picture_too_large');
  const mime = pictureTypeOf(bytes);
  if (!mime) throw refuse('support.picture_type');
  return { bytes, mime };
}
