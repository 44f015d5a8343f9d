// The search map's markers as Leaflet icons: a price pin for each listing and a round badge for each
// group of them. Their words are set as text, never parsed as HTML: a listing's name is its owner's.
import L from 'leaflet'
import { formatCompact, formatPrice } from '../../../../../shared/format'
import type { MapItem } from '../../../../../shared/listing-requests'
import styles from './SearchMap.module.css'

/** What everyone sees, and the fuller words a screen reader says instead (the marker's name). */
function markerText(shown: string, spoken: string): HTMLElement {
  const text = document.createElement('span')
  const visible = document.createElement('span')
  visible.setAttribute('aria-hidden', 'true')
  visible.textContent = shown
  const hidden = document.createElement('span')
  hidden.className = 'visually-hidden'
  hidden.textContent = spoken
  text.append(visible, hidden)
  return text
}

/** The price in short above the listing's place; its name is the listing's name and full price. */
export function pricePinIcon({ name, price, type }: Pick<MapItem, 'name' | 'price' | 'type'>) {
  const period = type === 'rent' ? ' / Month' : ''
  return L.divIcon({
    className: styles.pin,
    // No size: the bubble is as wide as its price, and its CSS stands it above the listing's place.
    iconSize: undefined,
    popupAnchor: [0, -34],
    html: markerText(pinText(price), `${name}, $${formatPrice(price)}${period}`),
  })
}

/** The words on a listing's pin. */
export const pinText = (price: number) => `$${formatCompact(price)}`

/**
 * A badge that grows with the count, from 32 px for two listings to 54 px for 10,000: small
 * enough that badges of neighbouring cells (64 px apart on the server's grid) rarely overlap.
 */
export const badgeSize = (count: number) =>
  Math.round(Math.min(56, 30 + 6 * Math.log10(Math.max(1, count))))

export function clusterIcon(count: number) {
  const size = badgeSize(count)
  return L.divIcon({
    className: styles.cluster,
    iconSize: [size, size],
    html: markerText(
      formatCompact(count),
      `${count === 1 ? '1 listing' : `${count} listings`}: zoom in`,
    ),
  })
}

/** A badge of listings at one place (or that stay together closest in): it lists them. */
export function placeIcon(count: number) {
  const size = badgeSize(count)
  return L.divIcon({
    className: `${styles.cluster} ${styles.place}`,
    iconSize: [size, size],
    popupAnchor: [0, -size / 2],
    html: markerText(String(count), `${count} listings here: show the list`),
  })
}
