// The types of the vendored package for tsc (tests/browser_tools/tsconfig.json): the same
// version's own declarations, which npm installs in tests/browser_tools. Not loaded by the page.
export * from "@fluent/bundle";
