export { dashboardKeys, projectStatsQueryOptions, recentActivityQueryOptions } from './api.ts';
