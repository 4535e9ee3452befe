// The ES module build of libheif-js has no type declarations of its own; heic.ts types what it uses.
declare module 'libheif-js/libheif-wasm/libheif-bundle.mjs' {
  const factory: () => unknown;
  export default factory;
}
