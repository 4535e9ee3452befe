export type ProjectAction = 'download' | 'rename' | 'fix' | 'archive' | 'unarchive' | 'delete';
