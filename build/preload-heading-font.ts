// The heading font asked for with the page (index.html and the route pages copied from it).
import type { Plugin } from 'vite';

/** Asks for the heading font with the page, so the first heading paints in it instead of waiting to be found in CSS. */
export function preloadHeadingFont(pattern = /cormorant-garamond-latin-600-normal-[\w-]+\.woff2$/): Plugin {
  return {
    name: 'preload-heading-font',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((name) => pattern.test(name));
        if (!font) return [];
        return [
          { tag: 'link', attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' },
        ];
      },
    },
  };
}
