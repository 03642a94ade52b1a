export * from './catalogAnnotations';
export * from './catalogEntityNames';
export * from './styrminEvents';
export * from './styrminPagePaths';
