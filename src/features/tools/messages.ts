// The tools' words (spec 2 §5 "Photo combiner" / "Background remover", §8), and a few of our
// own for what the spec leaves unsaid (marked).
import { msg } from '@lingui/core/macro';

export const combinerMessages = {
  tooMany: msg`You can only add up to 2 images`,
  uploadFailed: msg`Failed to upload files. Please try again.`,
  needTwo: msg`Exactly 2 images are needed for combination`,
  insufficient: msg`Insufficient credits. Photo combination requires 0.15 credits.`,
  failed: msg`Error generating combined image`,
  // ours: a file of another type (the background remover's words)
  wrongType: msg`Invalid file type. Only PNG, JPG, and WebP are supported.`,
};

export const removerMessages = {
  wrongType: msg`Invalid file type. Only PNG, JPG, and WebP are supported.`,
  uploadFailed: msg`Failed to upload file. Please try again.`,
  insufficient: msg`Insufficient credits. Background removal requires 0.4 credits.`,
  chargeFailed: msg`Error deducting credits. Please try again.`,
  processingFailed: msg`Error processing image. Please try again later.`,
  downloadFailed: msg`Error downloading image. Please try again.`,
  // ours: what happened to the credits of a failed job
  refunded: msg`The 0.4 credits for this photo were returned to your balance.`,
  // ours: a photo the browser cannot read (the wizard's words)
  unreadable: msg`This photo could not be read. Choose another PNG, JPG, WebP or HEIC photo.`,
  tooLarge: msg`This file is larger than 40 MB. Choose a smaller photo.`,
};
