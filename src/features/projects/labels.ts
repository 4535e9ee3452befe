// The words of the projects screens that are data-driven: statuses, types, date groups, fix
// statuses, and the spec's messages (spec 2 §2, §4, §8; spec 1 §2, §8), word for word.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DateGroup } from './date-groups.ts';
import type { ProjectStatus, ProjectType, VideoStatus } from './project-types.ts';

export const STATUS_LABELS: Record<ProjectStatus, MessageDescriptor> = {
  draft: msg({ message: 'Draft', context: 'project status' }),
  processing: msg({ message: 'Processing', context: 'project status' }),
  completed: msg({ message: 'Completed', context: 'project status' }),
  failed: msg({ message: 'Failed', context: 'project status' }),
  rejected: msg({ message: 'Rejected', context: 'project status' }),
  archived: msg({ message: 'Archived', context: 'project status' }),
};

export const TYPE_LABELS: Record<ProjectType, MessageDescriptor> = {
  'on-model': msg`On-Model`,
  'flat-lay': msg`Flat-Lay`,
  mannequin: msg`Mannequin`,
};

export const DATE_GROUP_LABELS: Record<DateGroup, MessageDescriptor> = {
  today: msg`Today`,
  yesterday: msg`Yesterday`,
  last7: msg`Last 7 days`,
  last30: msg`Last 30 days`,
  older: msg`Older`,
};

export type FixStatus = 'pending' | 'processing' | 'completed' | 'rejected';

export const FIX_STATUS_LABELS: Record<FixStatus, MessageDescriptor> = {
  pending: msg`Pending Review`,
  processing: msg`In Progress`,
  completed: msg({ message: 'Completed', context: 'fix status' }),
  rejected: msg({ message: 'Rejected', context: 'fix status' }),
};

export const VIDEO_BANNERS: Record<
  Exclude<VideoStatus, 'completed'>,
  { title: MessageDescriptor; body: MessageDescriptor }
> = {
  pending: { title: msg`Video pending`, body: msg`Your video is queued. Please wait 1-2 minutes.` },
  processing: {
    title: msg`Generating video...`,
    body: msg`Your video is being generated. Please wait 1-2 minutes.`,
  },
  failed: {
    title: msg`Video generation failed`,
    body: msg`Your credits for this video have been refunded. You can try again from Create Video.`,
  },
};

export const MESSAGES = {
  loadProjectsFailed: msg`Failed to load projects. Please try again.`,
  loadProjectFailed: msg`Failed to load project details`,
  projectNotFound: msg`Project not found`,
  rejectedOverlay: msg`Rejected: This project was rejected due to content guideline violation.`,
  deleteTitle: msg`Delete Confirmation`,
  deleteBody: msg`Are you sure you want to delete this item? This action cannot be undone.`,
  deleteFailed: msg`Failed to delete project. Please try again.`,
  renameFailed: msg`Failed to rename project. Please try again.`,
  renameFailedInline: msg`Failed to update project name`,
  fixSaveFailed: msg`Failed to save fix request. Please try again.`,
  fixSubmitFailed: msg`Failed to submit fix request`,
  fixSubmitted: msg`Fix request submitted successfully`,
  loadFixesFailed: msg`Failed to load fix requests. Please try again.`,
  deleteFixFailed: msg`Failed to delete fix request. Please try again.`,
  downloadFailed: msg`Failed to download image`,
  videoDownloadFailed: msg`Failed to download video`,
  noImage: msg`No image available to download`,
  noImageSelected: msg`No image selected`,
  watermarkOnlyPaid: msg`Downloading images without watermark is available only on paid plans`,
  videoDownloaded: msg`Video downloaded successfully`,
  describeIssue: msg`Please describe the issue`,
  fixPending: msg`You already have a pending fix request for this project`,
  fixNeedsCompleted: msg`Fixes can be requested only for completed projects`,
};
