export * from './frames';
export * from './frame-types';
export * from './codec';
export { REQUIRED_FIELDS } from './schema';
export * from './media';
