/** Stable keys for placeholder cards while the catalogue loads. */
export const SKELETON_KEYS = ['sk-1', 'sk-2', 'sk-3', 'sk-4', 'sk-5'] as const;
