export * from './styrminSignals';
