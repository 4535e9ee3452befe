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

// The Image Enhancer (ours: the spec names the tool only). Photo words as the background remover's.
export const enhancerMessages = {
  wrongType: msg`Invalid file type. Only PNG, JPG, WebP and HEIC photos are supported.`,
  fileTooLarge: msg`This file is larger than 40 MB. Choose a smaller photo.`,
  unreadable: msg`This photo could not be read. Choose another PNG, JPG, WebP or HEIC photo.`,
  tooLargeToEnhance: msg`This photo is too large to enhance: the result would be more than 4096 pixels on its long side.`,
  reduced: msg`At 4× this photo would pass 4096 pixels on its long side, so it is enhanced 2×.`,
  modelUnavailable: msg`The enhancer could not be loaded. Connect to the internet and try again; once loaded, it also works offline.`,
  unsupported: msg`This browser cannot run the enhancer. Please update it, or use a recent Chrome, Edge, Firefox or Safari.`,
  outOfMemory: msg`Your device ran out of memory while enhancing this photo. Try 2×, or close other apps and try again.`,
  failed: msg`The photo could not be enhanced. Please try again.`,
  formatUnsupported: msg`This browser cannot save {format} files. Please choose PNG.`,
};
