// The page's Leaflet map, where a journey can ask it what it shows: Leaflet sets window.L when it
// loads, and a hook on its Map class keeps each map made.
import type { Page } from '@playwright/test'
import type { Map as LeafletMap } from 'leaflet'
import type { Bbox } from '../../../src/shared/listing-requests'

type WithMap = Window & { leafletMap?: LeafletMap }
interface LeafletGlobal {
  Map: { addInitHook(hook: (this: LeafletMap) => void): void }
}

/** Keeps the page's Leaflet map on window, from the next page load on. */
export async function keepLeafletMap(page: Page) {
  await page.addInitScript(() => {
    let leaflet: LeafletGlobal | undefined
    Object.defineProperty(window, 'L', {
      configurable: true,
      get: () => leaflet,
      set(value: LeafletGlobal) {
        leaflet = value
        value.Map.addInitHook(function (this: LeafletMap) {
          ;(window as WithMap).leafletMap = this
        })
      },
    })
  })
}

/** The edges of what the map shows now, and its zoom; null before the map is made. */
export function leafletView(page: Page): Promise<{ edges: Bbox; zoom: number } | null> {
  return page.evaluate(() => {
    const map = (window as WithMap).leafletMap
    if (!map) return null
    const view = map.getBounds()
    return {
      edges: {
        west: view.getWest(),
        south: view.getSouth(),
        east: view.getEast(),
        north: view.getNorth(),
      },
      zoom: map.getZoom(),
    }
  })
}
