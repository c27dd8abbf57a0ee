// node-polyglot's `hasown`, answered by the browser's own Object.hasOwn (the same arguments): the
// package brought function-bind's helpers into the entry every page loads (issue 23).
module.exports = Object.hasOwn;
