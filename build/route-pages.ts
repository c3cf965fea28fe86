// login.html and submission.html: the app shell with their route's chunks named up front.
import type { Plugin } from 'vite';

/**
 * Writes ROUTE.html for each route given: index.html plus modulepreload links for that route's chunks, so a customer
 * opening /login fetches the wizard with the app instead of after it (and staff opening /submission the table's code).
 * Netlify and server/ serve /login from login.html, /submission from submission.html;
 * every other path but / gets index.html (the same shell). login.html is then prerendered (prerenderPages), and asks
 * for these once it has painted.
 */
export function routePages(routes: Record<string, string>): Plugin {
  return {
    name: 'route-pages',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') return;
      const html = String(index.source);
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      for (const [page, module] of Object.entries(routes)) {
        const route = chunks.find((c) => c.facadeModuleId?.endsWith(module));
        if (!route) this.error(`route-pages: no chunk for ${module}`);
        const files: string[] = [];
        const visit = (name: string) => {
          if (files.includes(name) || html.includes(`/${name}"`)) return;
          files.push(name);
          byName.get(name)?.imports.forEach(visit);
        };
        visit(route.fileName);
        const links = files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('\n    ');
        this.emitFile({ type: 'asset', fileName: `${page}.html`, source: html.replace('</head>', `\n    ${links}\n  </head>`) });
      }
    },
  };
}
