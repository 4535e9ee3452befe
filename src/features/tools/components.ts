// Tools' widgets that other features render (the video screens show the credit notice).
export { CreditNotice } from './components/credit-notice.tsx';
// The Batch Processor is a tool screen too: the same header, drop area and progress bar.
export { ToolHeader } from './components/tool-header.tsx';
export { FileDrop } from './components/file-drop.tsx';
export { ProgressBar } from './components/progress-bar.tsx';
