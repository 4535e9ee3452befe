// Tools' widgets that other features render (the video screens show the credit notice).
export { CreditNotice } from './components/credit-notice.tsx';
