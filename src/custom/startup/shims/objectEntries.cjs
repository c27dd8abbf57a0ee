// node-polyglot's `object.entries` polyfill, answered by the browser's own Object.entries: the
// polyfill brought ~5 KB gzip of es-abstract helpers into the entry every page loads (issue 13).
module.exports = Object.entries;
