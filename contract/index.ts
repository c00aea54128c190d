export * from './common.ts';
export * from './entities.ts';
export * from './payloads.ts';
export * from './responses.ts';
export * from './endpoints.ts';
export * from './requests.ts';
export * as limits from './limits.ts';
