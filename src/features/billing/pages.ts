export { PricingPage } from './components/pricing-page.tsx';
export { SuccessPage } from './components/success-page.tsx';
export { HistoryPage } from './components/history-page.tsx';
