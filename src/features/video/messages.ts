// The video screens' words (spec 2 §2, §8 "Video", "Video selection"), and ours where the
// spec has none (marked).
import { msg } from '@lingui/core/macro';

export const videoMessages = {
  loadProject: msg`Error loading project. Please try again.`,
  styleRequired: msg`Please select a video style`,
  notEnoughCredits: msg`Not enough credits. Video generation requires 3 credits.`,
  deductFailed: msg`Failed to deduct credits`,
  submitFailed: msg`Failed to submit video generation request`,
  generateFailed: msg`Error generating video. Please try again.`,
  submitted: msg`Video generation request submitted successfully!`,
  loadProjects: msg`Error loading projects. Please try again.`,
  empty: msg`No completed projects found. Create and complete a project first.`,
  advancedOnly: msg`Available only in Advanced Plan`,
  // ours
  notFound: msg`Project not found`,
  notEligible: msg`Videos can be created only from completed projects`,
  inProgress: msg`A video is already being generated for this project`,
  customRequired: msg`Please describe your custom video style`,
};
