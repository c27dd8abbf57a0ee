// A break before the evaluation of the file that imports it: see beforeBase.ts.
await new Promise<void>((resolve) => setTimeout(resolve, 0));
export {};
