// A part of a page drawn by the server (app/server/platform/static-html.server.ts) and shown from the loader's data:
// the browser gets its HTML without the code of the components behind it.
export function StaticHtml({ html }: { html: string }) {
  return (
    <div
      // React's own rendering on the server, every value escaped; never raw input.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's rendering of our components
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
