// The upload step's words for what can go wrong with a photo (spec 2 §5, §8; the bad-file
// messages where the spec has none).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { PhotoProblem } from './image/inspect.ts';
import type { UploadErrorCode } from './store/upload-manager.ts';

export const ONE_PHOTO_MESSAGE = msg`Only one photo can be uploaded per generation cycle. Please remove the existing photo first.`;
export const GARMENT_TYPE_REQUIRED = msg`Please select a garment type`;
export const UPLOAD_FAILED = msg`Failed to upload files. Please try again.`;
export const DELETE_FAILED = msg`Failed to delete file. Please try again.`;
export const CLEAR_FAILED = msg`Failed to clear files. Please try again.`;

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
