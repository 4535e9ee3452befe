// The words for what can go wrong with a photo a seller chooses or uploads (spec 2 §5, §8; the
// bad-file messages where the spec has none): the wizards and the Batch Processor say the same.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { UploadErrorCode } from '../uploads/upload-queue.ts';
import type { PhotoProblem } from './inspect.ts';

export const UPLOAD_FAILED = msg`Failed to upload files. Please try again.`;

export const PHOTO_PROBLEMS: Record<PhotoProblem, MessageDescriptor> = {
  'not-image': msg`This file is not a photo Drape can use. Choose a PNG, JPG, WebP or HEIC photo.`,
  'file-too-large': msg`This file is larger than 40 MB. Choose a smaller photo.`,
  'too-many-pixels': msg`This photo is too large to process ({width} × {height} pixels). Choose a photo of at most 50 megapixels.`,
  truncated: msg`This photo is incomplete (the file ends too early). Copy it to your device again and choose it once more.`,
  unreadable: msg`This photo could not be read. Choose another PNG, JPG, WebP or HEIC photo.`,
};

export const UPLOAD_ERRORS: Record<UploadErrorCode, MessageDescriptor> = {
  'too-large': msg`The photo is too large to upload. Choose a smaller photo.`,
  type: msg`Invalid file type. Only PNG, JPG, and WebP are supported.`,
  missing: msg`This photo is no longer on this device. Remove it and choose it again.`,
  failed: UPLOAD_FAILED,
};

/** A message with its placeholders' values, for i18n._(). */
export const withValues = (
  d: MessageDescriptor,
  values: Record<string, string | number>,
): MessageDescriptor => ({ ...d, values });
