// The upload step's own words (spec 2 §5); what can go wrong with any photo is said in
// lib/photos/messages.ts.
import { msg } from '@lingui/core/macro';

export const ONE_PHOTO_MESSAGE = msg`Only one photo can be uploaded per generation cycle. Please remove the existing photo first.`;
export const GARMENT_TYPE_REQUIRED = msg`Please select a garment type`;
export const DELETE_FAILED = msg`Failed to delete file. Please try again.`;
export const CLEAR_FAILED = msg`Failed to clear files. Please try again.`;
