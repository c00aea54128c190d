export * from './common.ts';
export * from './entities.ts';
export * from './payloads.ts';
export * from './endpoints.ts';
export * as limits from './limits.ts';
