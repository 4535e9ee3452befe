// The words for every failure the server names with a code, in one place: SQL functions
// (errcode P0001 with the code in HINT — see the headers of supabase/migrations/*.sql), edge
// functions ({ error, code }), Auth (error_code), Storage (HTTP status), and the network.
// English is the server's message, which is the spec's wording; Greek says the same.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** SQL hint codes. A unit test fails when a migration raises a code missing here. */
export const sqlErrorMessages = {
  // accounts and credits
  not_authenticated: msg`User not authenticated`,
  subscription_not_found: msg`No subscription found for user`,
  insufficient_credits: msg({ message: 'Insufficient credits. Need {needed} but only have {available}' }),
  invalid_amount: msg`Amount must be positive`,
  invalid_reason: msg`Unknown charge reason`,
  charge_not_found: msg`Charge not found`,
  unknown_tool: msg`Unknown tool`,
  // projects and generation
  invalid_project_type: msg`Invalid project type`,
  product_required: msg`Please upload a product photo`,
  too_many_products: msg`Only one photo can be uploaded per generation cycle. Please remove the existing photo first.`,
  product_not_found: msg`Product photo not found`,
  garment_type_required: msg`Please select a garment type`,
  advanced_only: msg`Available only in Advanced Plan`,
  custom_model_required: msg`Please describe your custom model`,
  custom_model_too_long: msg`The custom model description can be at most 500 characters`,
  custom_background_too_long: msg`The custom background description can be at most 500 characters`,
  custom_text_invalid: msg`A description cannot contain line breaks or control characters`,
  model_required: msg`Please select a model`,
  model_not_found: msg`Selected model does not exist`,
  pose_required: msg`Please select a pose`,
  pose_not_found: msg`Selected pose does not exist`,
  custom_background_required: msg`Please describe your custom background`,
  background_required: msg`Please select a background`,
  background_not_found: msg`Selected background does not exist`,
  background_not_available: msg`Selected background is not available for flat-lay projects`,
  name_required: msg`Project name cannot be empty`,
  name_too_long: msg`Project name is too long`,
  project_not_found: msg`Project not found`,
  project_processing: msg`This project is still processing and cannot be deleted`,
  video_processing: msg`This project's video is still being generated and cannot be deleted`,
  // archive, video and fix requests each say it their way (the server's message); an action
  // that needs its own words passes them to describeError
  project_not_completed: msg`The project is not completed yet`,
  project_not_archived: msg`Only archived projects can be unarchived`,
  status_not_allowed: msg`Project status can only change by archiving or unarchiving`,
  invalid_status: msg`Unknown status`,
  image_not_found: msg`Image not found`,
  image_finished: msg`This image is already finished`,
  generated_path_required: msg`A completed image needs its generated_path`,
  // requests that move money (request_id)
  request_reused: msg`This request was already sent with other choices`,
  request_id_invalid: msg`Invalid request id`,
  // saved models (the Custom Model Creator)
  model_description_required: msg`Please describe your model`,
  model_details_too_long: msg`The description can be at most 300 characters`,
  model_name_required: msg`Please name your model`,
  model_name_too_long: msg`A model name can be at most 60 characters`,
  model_not_ready: msg`This model is not ready yet`,
  model_creating: msg`This model is still being made and cannot be deleted`,
  model_in_use: msg`This model is used by a project that is still processing and cannot be deleted`,
  // the Batch Processor
  batch_not_found: msg`Batch not found`,
  batch_too_large: msg`A batch can hold at most 50 photos`,
  batch_duplicate_photo: msg`This photo is already in the batch`,
  // video
  video_requires_advanced: msg`Video generation is available only on the Advanced plan`,
  video_style_required: msg`Please select a video style`,
  custom_video_style_required: msg`Please describe your custom video style`,
  custom_video_style_too_long: msg`The custom video style can be at most 500 characters`,
  video_style_not_found: msg`Selected video style does not exist`,
  video_in_progress: msg`A video is already being generated for this project`,
  // fixes
  fix_pending: msg`You already have a pending fix request for this project`,
  description_required: msg`Please describe the issue`,
  description_too_long: msg`Description is too long`,
  annotated_image_invalid: msg`Drawing not found`,
  // the fix workflow's (complete_fix, service role)
  fix_not_found: msg`Fix request not found`,
  fix_status_invalid: msg`Invalid fix status`,
  fix_finished: msg`This fix request is already finished`,
  fix_result_required: msg`A completed fix needs its result image`,
  fix_result_invalid: msg`Fix result not found`,
  // the operator console (operator_… functions)
  operator_only: msg`Only operators can do this`,
  note_required: msg`Please write a note for the seller`,
  note_too_long: msg`The note is too long`,
  query_too_short: msg`Type at least 2 characters`,
  grant_amount_invalid: msg`Enter a number of credits other than 0, up to 10000`,
  reason_required: msg`Please give a reason`,
  reason_too_long: msg`The reason is too long`,
  seller_not_found: msg`Seller not found`,
  operator_actions_append_only: msg`Operator actions are never changed`,
  inbox_kind_invalid: msg`Unknown kind of message`,
  notice_not_found: msg`Message not found`,
  handled_required: msg`Say whether the message is handled`,
  // trying a fix with AI (operator_ai_fix_… functions)
  fix_no_drawing: msg`This fix request has no drawing to use as the mask`,
  fix_no_original: msg`This fix request has no picture to edit`,
  ai_unavailable: msg`No AI that can edit pictures is set up`,
  ai_attempt_open: msg`Send or discard the AI's picture first`,
  ai_attempt_not_found: msg`AI attempt not found`,
  ai_attempt_not_ready: msg`This AI picture cannot be sent or discarded now`,
  // the Sellers tab (98_operator_sellers.sql)
  query_too_long: msg`Type at most 200 characters`,
  remove_exceeds_balance: msg({
    message: 'The seller has only {available} credits: you cannot remove more',
  }),
  refund_in_progress: msg`This image is still being made: retry it or wait until it finishes`,
  already_refunded: msg`This image has already been refunded`,
  refund_nothing_charged: msg`Nothing was charged for this image`,
  batch_already_refunded: msg`This batch has already been refunded`,
  video_finished: msg`This video is finished and cannot be made again`,
  retry_finished: msg`This image is finished: refund it instead if the result is bad`,
  retry_not_stuck: msg`This is still being made: it can be made again after 30 minutes without progress`,
  retry_rejected: msg`This image was rejected by the content rules and cannot be made again`,
  video_not_found: msg`Video not found`,
  // tools and the generation engine
  photo_required: msg`Please upload a photo`,
  photo_not_found: msg`Photo not found`,
  invalid_file_type: msg`Invalid file type. Only PNG, JPG, and WebP are supported.`,
  invalid_kind: msg`Unknown job kind`,
  job_finished: msg`This job is already finished`,
  // Web Push (save_push_subscription; report_push_delivery is the sender's, service role)
  push_subscription_invalid: msg`Invalid push subscription`,
  push_service_not_allowed: msg`This browser's push service is not supported, so notifications cannot reach this device.`,
  push_outcome_invalid: msg`Unknown push outcome`,
  // feedback, contact and sales
  rate_limited: msg`Too many requests. Please try again later.`,
  feedback_required: msg`Please enter your feedback`,
  full_name_required: msg`Full name is required`,
  company_name_required: msg`Company name is required`,
  email_required: msg`Email is required`,
  email_invalid: msg`Please enter a valid email address`,
  details_required: msg`Please provide request details`,
  credit_amount_too_low: msg`Credit amount must be at least 500`,
  // billing
  plan_not_found: msg`Unknown plan`,
  invalid_period: msg`Invalid billing period`,
  free_plan: msg`The free plan cannot be cancelled`,
  reference_required: msg`A purchase needs a reference`,
  invalid_credit_amount: msg`Invalid credit amount`,
  downgrade_window: msg`Downgrade is available only in the last 7 days before the period end.`,
  upgrade_requires_checkout: msg`Upgrades are paid through checkout`,
  downgrade_to_free: msg`Cancel your subscription to move to the free plan`,
  already_cancelling: msg`The subscription is already cancelled at the period end`,
} satisfies Record<string, MessageDescriptor>;

/** Codes the edge functions answer with ({ error, code }). */
export const functionErrorMessages = {
  no_subscription: msg`No subscription found for user`,
  free_plan: msg`The free plan cannot be cancelled`,
  already_cancelling: msg`The subscription is already cancelled at the period end`,
  // delete-project answers with the SQL function's codes
  project_not_found: msg`Project not found`,
  project_processing: msg`This project is still processing and cannot be deleted`,
  video_processing: msg`This project's video is still being generated and cannot be deleted`,
  not_authenticated: msg`User not authenticated`,
  // any function, for a body over its limit (supabase/functions/_shared/body.ts)
  payload_too_large: msg`The request is too large.`,
  // operator-answer-fix
  operator_only: msg`Only operators can do this`,
  fix_not_found: msg`Fix request not found`,
  fix_finished: msg`This fix request is already finished`,
  fix_picture_invalid: msg`The picture must be a PNG image`,
  fix_result_invalid: msg`Fix result not found`,
  // operator-ai-fix (and the operator_ai_fix_… codes it passes on)
  fix_no_drawing: msg`This fix request has no drawing to use as the mask`,
  fix_no_original: msg`This fix request has no picture to edit`,
  fix_drawing_empty: msg`The seller's drawing has no marks to use as the mask`,
  ai_unavailable: msg`No AI that can edit pictures is set up`,
  ai_attempt_open: msg`Send or discard the AI's picture first`,
  ai_attempt_not_found: msg`AI attempt not found`,
  ai_attempt_not_ready: msg`This AI picture cannot be sent or discarded now`,
  ai_failed: msg`The AI could not edit the picture. Try again, or answer with a picture.`,
  // paying (stripe-checkout, create-credit-checkout, change-plan, billing-portal)
  login_required: msg`You must be logged in to make a purchase`,
  invalid_tier: msg`Invalid pricing tier selected`,
  invalid_mode: msg`Plans are bought as subscriptions`,
  invalid_request: msg`Invalid request`,
  // a payment request without a usable request id (the app always sends one), or one whose
  // id came back with other details (Stripe's idempotency_error)
  request_id_invalid: msg`Invalid request`,
  request_reused: msg`This request was already sent with other choices`,
  invalid_return_url: msg`Invalid return address`,
  payments_unavailable: msg`Payments are not available right now. Please try again later.`,
  current_plan: msg`This is already your current plan`,
  downgrade_not_checkout: msg`A lower plan is a downgrade: it is scheduled, not bought`,
  no_checkout_url: msg`No checkout URL received from server`,
  checkout_failed: msg`Failed to create checkout session`,
  invalid_credit_amount: msg`Invalid credit amount`,
  invalid_currency: msg`Credit packs are priced in euro`,
  contact_sales: msg`For 500 credits or more, please contact our sales team`,
  packs_paid_plans_only: msg`Credit packs are available on the Lite, Pro and Advanced plans`,
  price_changed: msg`The price has changed. Please review it and try again.`,
  no_billing_account: msg`There is no billing account yet. It is created with your first purchase.`,
  portal_failed: msg`Failed to open Stripe portal. Please try again.`,
  plan_change_failed: msg`Failed to change your plan. Please try again.`,
  downgrade_window: msg`Downgrade is available only in the last 7 days before the period end.`,
  upgrade_requires_checkout: msg`Upgrades are paid through checkout`,
  downgrade_to_free: msg`Cancel your subscription to move to the free plan`,
  plan_not_found: msg`Unknown plan`,
} satisfies Record<string, MessageDescriptor>;

/** Auth error codes (GoTrue's error_code) a person can cause. */
export const authErrorMessages = {
  invalid_credentials: msg`Invalid email or password. Please try again.`,
  email_not_confirmed: msg`Please confirm your email address first. We sent you a link when you signed up.`,
  user_already_exists: msg`An account with this email already exists. Please sign in or use a different email.`,
  email_exists: msg`An account with this email already exists. Please sign in or use a different email.`,
  weak_password: msg`Password must be at least 6 characters long`,
  same_password: msg`The new password must be different from the current one.`,
  email_address_invalid: msg`Please enter a valid email address`,
  over_email_send_rate_limit: msg`Too many requests. Please try again later.`,
  over_request_rate_limit: msg`Too many requests. Please try again later.`,
  session_not_found: msg`Your session has ended. Please sign in again.`,
  session_expired: msg`Your session has ended. Please sign in again.`,
  refresh_token_not_found: msg`Your session has ended. Please sign in again.`,
  otp_expired: msg`Invalid link. Please request a new password reset link.`,
} satisfies Record<string, MessageDescriptor>;

/** Storage answers, by HTTP status. */
export const storageErrorMessages: Record<number, MessageDescriptor> = {
  403: msg`You are not allowed to change this file.`,
  404: msg`File not found.`,
  409: msg`A file with this name already exists.`,
  413: msg`The file is too large.`,
  415: msg`Invalid file type. Only PNG, JPG, and WebP are supported.`,
};

export const networkMessages = {
  offline: msg`You are offline. Check your connection and try again.`,
  unreachable: msg`Drape could not be reached. Check your connection and try again.`,
  timeout: msg`Drape took too long to answer. Check your connection and try again.`,
};

/** When nothing better is known and the caller named no failure of its own. */
export const genericErrorMessage = msg`Something went wrong. Please try again.`;

export type SqlErrorCode = keyof typeof sqlErrorMessages;
