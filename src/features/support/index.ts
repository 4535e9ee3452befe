export { FeedbackDialog } from './components/feedback-dialog.tsx';
export { ContactDialog } from './components/contact-dialog.tsx';
