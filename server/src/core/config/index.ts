export * from './config';
export * from './apply';
export * from './suppress';
export * from './nearest';
export * from './fixes';
