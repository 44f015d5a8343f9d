import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // The server reads it to preload each screen's chunks (src/server/web/page-chunks.ts).
    manifest: true,
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
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
})
