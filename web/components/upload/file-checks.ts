// What each uploader accepts (docs/product-spec.md §5). The server sniffs the bytes again; these checks
// only save the user a round trip.
import { MAX_UPLOAD_MB, MSG } from '@shared/messages';

export const SINGLE_IMAGE_TYPES = ['jpg', 'png', 'svg'] as const;
export const MULTI_IMAGE_TYPES = ['jpg', 'png', 'svg', 'jpeg'] as const;
export const ATTACHMENT_TYPES = ['pdf', 'xlsx'] as const;
export const MAX_ATTACHMENT_MB = MAX_UPLOAD_MB;

/** A file over the upload limit, said before it is sent (decision 0466); null when it fits. */
export const sizeError = (file: File) =>
  file.size > MAX_UPLOAD_MB * 1024 * 1024 ? MSG.fileTooLargeMb(MAX_UPLOAD_MB) : null;

const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The `accept` attribute for a list of extensions. */
export const acceptOf = (types: readonly string[]) =>
  [...new Set(types.flatMap((t) => [`.${t}`, MIME[t] ?? '']).filter(Boolean))].join(',');

export const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** jpeg counts as jpg where only jpg is listed (the single-image uploader). */
export function hasType(file: File, types: readonly string[]): boolean {
  const ext = extensionOf(file.name);
  return types.includes(ext) || (ext === 'jpeg' && types.includes('jpg'));
}
