/** esbuild's text loader (esbuild.mjs): a Markdown file imported by the MCP bundle is its text. */
declare module '*.md' {
  const text: string;
  export default text;
}
