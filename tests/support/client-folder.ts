// A small built-client folder for the in-process app's page tests: index.html with the markers
// the server fills in (the head, the map tile setting), and Vite's manifest when a test needs one.
import fs from 'node:fs/promises'
import path from 'node:path'

export const clientTemplate = `<!doctype html><html><head>
<meta name="map-tile-url" content="%MAP_TILE_URL%" />
<!--page-head--><title>House Marketplace</title><!--/page-head-->
<script type="module" src="/assets/index-1.js"></script>
</head><body><div id="root"></div></body></html>`

/** Writes the folder under `dataDir` and returns its path, for `createApp`'s `clientDir`. */
export async function writeClientFolder(dataDir: string, manifest?: object): Promise<string> {
  const clientDir = path.join(dataDir, 'client')
  await fs.mkdir(path.join(clientDir, '.vite'), { recursive: true })
  await fs.writeFile(path.join(clientDir, 'index.html'), clientTemplate)
  if (manifest) {
    await fs.writeFile(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(manifest))
  }
  return clientDir
}
