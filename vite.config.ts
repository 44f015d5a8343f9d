import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { prosePureComments } from './scripts/vite/prose-pure-comments'

// `vite build --ssr render-page.tsx` builds the server's entry into the client (render-page.tsx).
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), prosePureComments()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    target: 'es2022',
    assetsInlineLimit: 0,
    // The server reads it to preload each screen's chunks (src/server/web/page-chunks.ts).
    manifest: !isSsrBuild,
    rollupOptions: {
      output: {
        // A chunk that starts at a package's own index file (the upload client) is named after the
        // package, not 'index' like the entry.
        chunkFileNames: ({ facadeModuleId }) => {
          const pkg = facadeModuleId?.match(/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1]
          return `assets/${pkg?.replace('/', '-') ?? '[name]'}-[hash].js`
        },
      },
    },
  },
  // The server's entry carries its packages, built for production: one React for it and the
  // libraries that use it, whatever NODE_ENV the server runs with.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
}))
