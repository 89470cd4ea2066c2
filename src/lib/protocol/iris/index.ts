export * from './frames';
export * from './codec';
export { REQUIRED_FIELDS } from './schema';
export * from './media';
