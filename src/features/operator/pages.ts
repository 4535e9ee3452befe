export { FixQueuePage } from './components/fix-queue-page.tsx';
export { SellersPage } from './components/sellers-page.tsx';
export { SellerPage } from './components/seller-page.tsx';
export { InboxPage } from './components/inbox-page.tsx';
export { WorkPage } from './components/work-page.tsx';
