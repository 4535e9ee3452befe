export { DashboardPage } from './components/dashboard-page.tsx';
export { dashboardKeys, projectStatsQueryOptions, recentActivityQueryOptions } from './api.ts';
