// Which built files a screen needs before it can render, read from Vite's manifest: the screen's
// own chunk and the chunks and stylesheets it imports, minus what the entry script already brings.
import fs from 'node:fs'
import path from 'node:path'

interface ManifestChunk {
  file: string
  name?: string
  isDynamicEntry?: boolean
  isEntry?: boolean
  imports?: string[]
  css?: string[]
}

export interface PageChunks {
  scripts: string[]
  styles: string[]
}

/** Looks up a page module (`pages/Listing.tsx`); knows nothing when the client has no manifest. */
export type PageChunkLookup = (pageModule: string) => PageChunks

export function loadPageChunks(clientDir: string): PageChunkLookup {
  const file = path.join(clientDir, '.vite', 'manifest.json')
  if (!fs.existsSync(file)) return () => ({ scripts: [], styles: [] })
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>

  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen
    seen.add(key)
    for (const imported of manifest[key].imports ?? []) closure(imported, seen)
    return seen
  }
  const loadedByEntry = new Set(
    Object.entries(manifest)
      .filter(([, chunk]) => chunk.isEntry)
      .flatMap(([key]) => [...closure(key)]),
  )

  // Vite keys a screen's chunk by its source, except when Rollup gave the chunk no facade module
  // (the listing screen's, today): then by its file, and the chunk still carries the screen's name.
  const keyOf = (pageModule: string) => {
    if (manifest[pageModule]) return pageModule
    const name = path.basename(pageModule, path.extname(pageModule))
    return Object.keys(manifest).find(
      (key) => manifest[key]!.isDynamicEntry && manifest[key]!.name === name,
    )
  }

  const pages = new Map<string, PageChunks>()
  return (pageModule) => {
    let chunks = pages.get(pageModule)
    if (!chunks) {
      const key = keyOf(pageModule)
      const needed = [...(key ? closure(key) : [])].filter((key) => !loadedByEntry.has(key))
      chunks = {
        scripts: needed.map((key) => `/${manifest[key]!.file}`),
        styles: needed.flatMap((key) => manifest[key]!.css ?? []).map((css) => `/${css}`),
      }
      pages.set(pageModule, chunks)
    }
    return chunks
  }
}
